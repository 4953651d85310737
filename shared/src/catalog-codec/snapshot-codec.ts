/**
 * The compact form of a catalogue snapshot: what `GET /api/catalog/:date/compact` sends (then
 * compressed by HTTP) and what the device keeps, one record per date.
 *
 *   bytes 0–3   "SLC1"
 *   bytes 4–7   header length H (uint32, little-endian)
 *   bytes 8…    header: UTF-8 JSON with the scalar fields, the small tables (growers, product
 *               groups, colours, tags, delivery windows, units), the variety names and keys,
 *               disclaimers, notes, and the spec of every column
 *   then        numeric columns, each 8-byte aligned, little-endian (see numeric-column.ts)
 *
 * Strings repeat only in dictionaries: a price row is a handful of small integers. `stem_price_cents`
 * is not sent; decoding recomputes it with `stemPriceCents()`, the one formula. When the snapshot
 * hides prices, the five price columns are absent.
 */
import { stemPriceCents } from '../rules/pricing';
import type { Disclaimer } from '../schemas/catalog-entities';
import type { CatalogSnapshot, Grower, Offer, Unit, Variety } from '../schemas/catalog';
import {
  CatalogCodecError,
  columnByteLength,
  isColumnSpec,
  packColumn,
  unpackColumn,
  type ColumnSpec,
  type PackedColumn,
} from './numeric-column';
import { decodeUtf8, encodeUtf8 } from './utf8';

const MAGIC = [0x53, 0x4c, 0x43, 0x31]; // "SLC1"
const PREAMBLE = 8;
// 2: the price parts are whole mills (format 1 sent dollars); a stored copy of format 1 no
// longer decodes, and the device fetches the date again.
const FORMAT = 2;

/** Media type of the compact form on the wire. */
export const COMPACT_CATALOG_MEDIA_TYPE = 'application/vnd.stemline.catalog';

const PRICE_FIELDS = [
  'grower_price_mills',
  'import_duties_tax',
  'freight_cost_mills',
  'box_charge_mills',
  'margin_discount',
] as const;

type GroupEntry = [key: string, name: string, categoryKey: string, categoryName: string];
type ColorEntry = [key: string, name: string, code: string];

interface Header {
  format: number;
  date: number;
  version: number;
  generated_at: number;
  catalogId: string;
  pricesHidden: boolean;
  growers: Grower[];
  disclaimers: Disclaimer[];
  productNotes: Record<string, string>;
  growerNotes: Record<string, string>;
  groups: GroupEntry[];
  colors: ColorEntry[];
  tags: string[];
  units: Unit[];
  windows: [from: number, to: number][];
  varietyKeys: string[];
  varietyNames: string[];
  /** search_name of varieties whose search name is not the usual one, by row. */
  searchNames: Record<string, string>;
  columns: Record<string, ColumnSpec>;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function requireLittleEndian(): void {
  if (!LITTLE_ENDIAN)
    throw new CatalogCodecError('The compact catalogue needs a little-endian platform');
}

/** The search name a variety gets unless it says otherwise: name, group and colour, lower case. */
function usualSearchName(v: Variety): string {
  return `${v.name} ${v.product_group_name} ${v.color_name}`.toLowerCase();
}

/** Assigns each distinct value an index in first-seen order. */
class Dictionary<T, Id = string> {
  readonly entries: T[] = [];
  private readonly index = new Map<Id, number>();
  constructor(private readonly id: (value: T) => Id) {}
  add(value: T): number {
    const id = this.id(value);
    let i = this.index.get(id);
    if (i === undefined) {
      i = this.entries.length;
      this.entries.push(value);
      this.index.set(id, i);
    }
    return i;
  }
}

/** Encodes a snapshot; `decodeCatalogSnapshot(encodeCatalogSnapshot(s))` deep-equals `s`. */
export function encodeCatalogSnapshot(snapshot: CatalogSnapshot): Uint8Array<ArrayBuffer> {
  requireLittleEndian();
  const groups = new Dictionary<GroupEntry>((g) => g.join('\u0000'));
  const colors = new Dictionary<ColorEntry>((c) => c.join('\u0000'));
  const tags = new Dictionary<string>((t) => t);
  const units = new Dictionary<Unit>((u) => u);
  // yyyyMMdd pairs as one exact number (both below 10^8).
  const windows = new Dictionary<[number, number], number>((w) => w[0] * 1e8 + w[1]);

  const varieties = snapshot.varieties;
  const varietyIndex = new Map<string, number>();
  const groupCol = new Float64Array(varieties.length);
  const colorCol = new Float64Array(varieties.length);
  const rankCol = new Float64Array(varieties.length);
  const tagCountCol = new Float64Array(varieties.length);
  const tagIds: number[] = [];
  const searchNames: Record<string, string> = {};
  varieties.forEach((v, i) => {
    if (varietyIndex.has(v.key)) throw new CatalogCodecError(`Duplicate variety ${v.key}`);
    varietyIndex.set(v.key, i);
    groupCol[i] = groups.add([
      v.product_group_key,
      v.product_group_name,
      v.category_key,
      v.category_name,
    ]);
    colorCol[i] = colors.add([v.color_key, v.color_name, v.color_code]);
    rankCol[i] = v.rank;
    tagCountCol[i] = v.tags.length;
    for (const tag of v.tags) tagIds.push(tags.add(tag));
    if (v.search_name !== usualSearchName(v)) searchNames[String(i)] = v.search_name;
  });

  const growerIndex = new Map(snapshot.growers.map((g, i) => [g.key, i]));
  const offers = snapshot.offers;
  const n = offers.length;
  const cols = {
    inventory_key: new Float64Array(n),
    variety: new Float64Array(n),
    grower: new Float64Array(n),
    window: new Float64Array(n),
    length: new Float64Array(n),
    stems_per_bunch: new Float64Array(n),
    bunches_in_box: new Float64Array(n),
    uom: new Float64Array(n),
    packing_date: new Float64Array(n),
    open_market: new Float64Array(n),
    available: new Float64Array(n),
  };
  const prices = PRICE_FIELDS.map(() => new Float64Array(snapshot.pricesHidden ? 0 : n));
  const [growerPrice, duties, freight, boxCharge, margin] = prices as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  let lastWindow: [number, number] = [Number.NaN, Number.NaN];
  let lastWindowIndex = 0;
  for (let i = 0; i < n; i++) {
    const o = offers[i] as Offer;
    const variety = varietyIndex.get(o.variety_key);
    const grower = growerIndex.get(o.grower_key);
    if (variety === undefined || grower === undefined) {
      throw new CatalogCodecError(`Offer ${o.inventory_key} names an unknown variety or grower`);
    }
    cols.inventory_key[i] = o.inventory_key;
    cols.variety[i] = variety;
    cols.grower[i] = grower;
    if (o.eta_from !== lastWindow[0] || o.eta_to !== lastWindow[1]) {
      lastWindow = [o.eta_from, o.eta_to];
      lastWindowIndex = windows.add(lastWindow);
    }
    cols.window[i] = lastWindowIndex;
    cols.length[i] = o.length;
    cols.stems_per_bunch[i] = o.stems_per_bunch;
    cols.bunches_in_box[i] = o.bunches_in_box;
    cols.uom[i] = units.add(o.uom);
    cols.packing_date[i] = o.packing_date;
    cols.open_market[i] = o.open_market ? 1 : 0;
    cols.available[i] = o.available;
    if (!snapshot.pricesHidden) {
      growerPrice[i] = o.grower_price_mills;
      duties[i] = o.import_duties_tax;
      freight[i] = o.freight_cost_mills;
      boxCharge[i] = o.box_charge_mills;
      margin[i] = o.margin_discount;
    }
  }

  const packed: Record<string, PackedColumn> = {
    'variety.group': packColumn(groupCol),
    'variety.color': packColumn(colorCol),
    'variety.rank': packColumn(rankCol),
    'variety.tagCount': packColumn(tagCountCol),
    'variety.tagIds': packColumn(tagIds),
    'offer.inventory_key': packColumn(cols.inventory_key, { delta: true }),
    'offer.variety': packColumn(cols.variety),
    'offer.grower': packColumn(cols.grower),
    'offer.window': packColumn(cols.window),
    'offer.length': packColumn(cols.length),
    'offer.stems_per_bunch': packColumn(cols.stems_per_bunch),
    'offer.bunches_in_box': packColumn(cols.bunches_in_box),
    'offer.uom': packColumn(cols.uom),
    'offer.packing_date': packColumn(cols.packing_date, { delta: true }),
    'offer.open_market': packColumn(cols.open_market),
    'offer.available': packColumn(cols.available),
  };
  if (!snapshot.pricesHidden) {
    PRICE_FIELDS.forEach((field, k) => {
      packed[`offer.${field}`] = packColumn(prices[k] as Float64Array);
    });
  }

  const header: Header = {
    format: FORMAT,
    date: snapshot.date,
    version: snapshot.version,
    generated_at: snapshot.generated_at,
    catalogId: snapshot.catalogId,
    pricesHidden: snapshot.pricesHidden,
    growers: snapshot.growers,
    disclaimers: snapshot.disclaimers,
    productNotes: snapshot.productNotes,
    growerNotes: snapshot.growerNotes,
    groups: groups.entries,
    colors: colors.entries,
    tags: tags.entries,
    units: units.entries,
    windows: windows.entries,
    varietyKeys: varieties.map((v) => v.key),
    varietyNames: varieties.map((v) => v.name),
    searchNames,
    columns: {},
  };
  // Offsets depend on the header's length, which depends on the offsets: lay the columns out
  // after a header measured with placeholder offsets wide enough for any real one.
  const names = Object.keys(packed);
  const placeholder = 2 ** 40;
  for (const name of names) {
    header.columns[name] = { ...(packed[name] as PackedColumn).spec, offset: placeholder };
  }
  const headerBytesLength = encodeUtf8(JSON.stringify(header)).length;
  let offset = align8(PREAMBLE + headerBytesLength);
  for (const name of names) {
    const column = packed[name] as PackedColumn;
    header.columns[name] = { ...column.spec, offset };
    offset = align8(offset + column.bytes.length);
  }
  const headerBytes = encodeUtf8(JSON.stringify(header));
  if (headerBytes.length > headerBytesLength) throw new CatalogCodecError('Header grew');

  const out = new Uint8Array(offset);
  out.set(MAGIC, 0);
  out.set(headerBytes, PREAMBLE);
  // Padding after a shorter header stays as spaces so the JSON still parses.
  out.fill(0x20, PREAMBLE + headerBytes.length, PREAMBLE + headerBytesLength);
  new DataView(out.buffer).setUint32(4, headerBytesLength, true);
  for (const name of names) {
    const column = packed[name] as PackedColumn;
    out.set(column.bytes, header.columns[name]?.offset ?? 0);
  }
  return out;
}

function align8(value: number): number {
  return Math.ceil(value / 8) * 8;
}

function readHeader(buffer: ArrayBuffer): Header {
  if (buffer.byteLength < PREAMBLE) throw new CatalogCodecError('Too short for a catalogue');
  const bytes = new Uint8Array(buffer);
  if (MAGIC.some((b, i) => bytes[i] !== b)) throw new CatalogCodecError('Not a compact catalogue');
  const length = new DataView(buffer).getUint32(4, true);
  if (PREAMBLE + length > buffer.byteLength)
    throw new CatalogCodecError('Header outside the buffer');
  let header: unknown;
  try {
    header = JSON.parse(decodeUtf8(bytes.subarray(PREAMBLE, PREAMBLE + length)));
  } catch {
    throw new CatalogCodecError('Unreadable catalogue header');
  }
  if (typeof header !== 'object' || header === null || (header as Header).format !== FORMAT) {
    throw new CatalogCodecError('Unknown catalogue format');
  }
  return header as Header;
}

/** What identifies a compact snapshot: `readCatalogSummary`. */
export interface CatalogSummary {
  date: number;
  version: number;
  catalogId: string;
  pricesHidden: boolean;
}

/** The scalar fields of a compact snapshot, without decoding its rows. */
export function readCatalogSummary(data: ArrayBuffer): CatalogSummary {
  const { date, version, catalogId, pricesHidden } = leadingFields(data) ?? readHeader(data);
  return { date, version, catalogId, pricesHidden };
}

/** Where the header's scalar fields end: `encodeCatalogSnapshot` writes the growers next. */
const AFTER_SCALARS = encodeUtf8(',"growers":');
/** The scalar fields are within the header's first bytes (a catalogue id is short). */
const SCALARS_WITHIN = 1024;

/**
 * The header's scalar fields read from its first bytes, where the encoder writes them: parsing
 * the whole header (thousands of variety names and keys) is a long task on a phone. Null when
 * they are not there as expected; the caller then reads the whole header.
 */
function leadingFields(buffer: ArrayBuffer): CatalogSummary | null {
  if (buffer.byteLength < PREAMBLE) return null;
  const bytes = new Uint8Array(buffer);
  if (MAGIC.some((b, i) => bytes[i] !== b)) return null;
  const length = new DataView(buffer).getUint32(4, true);
  const end = Math.min(PREAMBLE + length, PREAMBLE + SCALARS_WITHIN, bytes.length);
  for (let at = PREAMBLE; at + AFTER_SCALARS.length <= end; at++) {
    if (AFTER_SCALARS.some((b, i) => bytes[at + i] !== b)) continue;
    try {
      const fields = JSON.parse(`${decodeUtf8(bytes.subarray(PREAMBLE, at))}}`) as unknown;
      if (typeof fields !== 'object' || fields === null) return null;
      const { format, date, version, catalogId, pricesHidden } = fields as Record<string, unknown>;
      return format === FORMAT &&
        typeof date === 'number' &&
        typeof version === 'number' &&
        typeof catalogId === 'string' &&
        typeof pricesHidden === 'boolean'
        ? { date, version, catalogId, pricesHidden }
        : null;
    } catch {
      return null;
    }
  }
  return null;
}

function column(
  buffer: ArrayBuffer,
  header: Header,
  name: string,
  count: number,
): ArrayLike<number> {
  const spec = header.columns[name];
  if (!isColumnSpec(spec) || spec.count !== count) {
    throw new CatalogCodecError(`Column ${name} is missing or has the wrong length`);
  }
  if (spec.offset + columnByteLength(spec) > buffer.byteLength) {
    throw new CatalogCodecError(`Column ${name} is outside the buffer`);
  }
  return unpackColumn(buffer, spec);
}

function entry<T>(items: readonly T[], index: number, what: string): T {
  const item = items[index];
  if (item === undefined) throw new CatalogCodecError(`Unknown ${what} ${index}`);
  return item;
}

/**
 * Decodes a compact snapshot into the plain object the UI uses. With `hidePrices`, prices are
 * dropped even when the copy has them (a device that signed out keeps no prices on screen).
 * Throws CatalogCodecError on anything malformed.
 */
export function decodeCatalogSnapshot(
  data: ArrayBuffer,
  options: { hidePrices?: boolean } = {},
): CatalogSnapshot {
  const steps = decodeCatalogSnapshotInSteps(data, options);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Rows decoded between two steps of `decodeCatalogSnapshotInSteps`. */
const DECODE_STEP_ROWS = 256;

/**
 * `decodeCatalogSnapshot` a step at a time: the generator yields after each few hundred
 * varieties or rows and returns the snapshot, so that a page can decode between frames instead
 * of in one long task. Throws as `decodeCatalogSnapshot` does, at the step that meets the fault.
 */
export function* decodeCatalogSnapshotInSteps(
  data: ArrayBuffer,
  options: { hidePrices?: boolean } = {},
): Generator<void, CatalogSnapshot, void> {
  requireLittleEndian();
  const h = readHeader(data);
  const varietyCount = h.varietyKeys.length;
  if (h.varietyNames.length !== varietyCount)
    throw new CatalogCodecError('Variety names do not match');
  const group = column(data, h, 'variety.group', varietyCount);
  const color = column(data, h, 'variety.color', varietyCount);
  const rank = column(data, h, 'variety.rank', varietyCount);
  const tagCount = column(data, h, 'variety.tagCount', varietyCount);
  let tagTotal = 0;
  for (let i = 0; i < varietyCount; i++) tagTotal += tagCount[i] as number;
  const tagIds = column(data, h, 'variety.tagIds', tagTotal);

  const varieties: Variety[] = new Array<Variety>(varietyCount);
  let tagCursor = 0;
  for (let i = 0; i < varietyCount; i++) {
    const [gKey, gName, cKey, cName] = entry(h.groups, group[i] as number, 'product group');
    const [colKey, colName, colCode] = entry(h.colors, color[i] as number, 'colour');
    const tags: string[] = [];
    const end = tagCursor + (tagCount[i] as number);
    for (; tagCursor < end; tagCursor++)
      tags.push(entry(h.tags, tagIds[tagCursor] as number, 'tag'));
    const variety: Variety = {
      key: h.varietyKeys[i] as string,
      name: h.varietyNames[i] as string,
      product_group_key: gKey,
      product_group_name: gName,
      category_key: cKey,
      category_name: cName,
      color_key: colKey,
      color_name: colName,
      color_code: colCode,
      tags,
      search_name: '',
      rank: rank[i] as number,
    };
    variety.search_name = h.searchNames[String(i)] ?? usualSearchName(variety);
    varieties[i] = variety;
    if (i % DECODE_STEP_ROWS === DECODE_STEP_ROWS - 1) yield;
  }

  yield;
  const n = h.columns['offer.inventory_key']?.count ?? 0;
  // Columns stored as steps or scaled are unpacked in a pass each: a step apiece.
  const key = column(data, h, 'offer.inventory_key', n);
  yield;
  const varietyOf = column(data, h, 'offer.variety', n);
  const growerOf = column(data, h, 'offer.grower', n);
  const windowOf = column(data, h, 'offer.window', n);
  const length = column(data, h, 'offer.length', n);
  const spb = column(data, h, 'offer.stems_per_bunch', n);
  const bib = column(data, h, 'offer.bunches_in_box', n);
  const uom = column(data, h, 'offer.uom', n);
  const packing = column(data, h, 'offer.packing_date', n);
  yield;
  const openMarket = column(data, h, 'offer.open_market', n);
  const available = column(data, h, 'offer.available', n);
  const hidden = h.pricesHidden || options.hidePrices === true;
  const price: ArrayLike<number>[] | null = h.pricesHidden ? null : [];
  for (const field of price ? PRICE_FIELDS : []) {
    price?.push(column(data, h, `offer.${field}`, n));
    yield;
  }

  yield;
  const offers: Offer[] = new Array<Offer>(n);
  for (let i = 0; i < n; i++) {
    const [etaFrom, etaTo] = entry(h.windows, windowOf[i] as number, 'delivery window');
    const offer: Offer = {
      inventory_key: key[i] as number,
      variety_key: entry(h.varietyKeys, varietyOf[i] as number, 'variety'),
      grower_key: entry(h.growers, growerOf[i] as number, 'grower').key,
      eta_from: etaFrom,
      eta_to: etaTo,
      length: length[i] as number,
      stems_per_bunch: spb[i] as number,
      bunches_in_box: bib[i] as number,
      uom: entry(h.units, uom[i] as number, 'unit'),
      packing_date: packing[i] as number,
      open_market: openMarket[i] === 1,
      available: available[i] as number,
      grower_price_mills: 0,
      import_duties_tax: 0,
      freight_cost_mills: 0,
      box_charge_mills: 0,
      margin_discount: 0,
      stem_price_cents: 0,
    };
    if (price && !hidden) {
      offer.grower_price_mills = (price[0] as ArrayLike<number>)[i] as number;
      offer.import_duties_tax = (price[1] as ArrayLike<number>)[i] as number;
      offer.freight_cost_mills = (price[2] as ArrayLike<number>)[i] as number;
      offer.box_charge_mills = (price[3] as ArrayLike<number>)[i] as number;
      offer.margin_discount = (price[4] as ArrayLike<number>)[i] as number;
      offer.stem_price_cents = stemPriceCents(offer, offer);
    }
    offers[i] = offer;
    if (i % DECODE_STEP_ROWS === DECODE_STEP_ROWS - 1) yield;
  }

  return {
    date: h.date,
    version: h.version,
    generated_at: h.generated_at,
    growers: h.growers,
    varieties,
    offers,
    catalogId: h.catalogId,
    pricesHidden: hidden,
    disclaimers: h.disclaimers,
    productNotes: h.productNotes,
    growerNotes: h.growerNotes,
  };
}

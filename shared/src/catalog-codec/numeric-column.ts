/**
 * Packing of one numeric column into the smallest typed array that holds it exactly. A column
 * of decimals is stored as integers times 10^scale when every value survives that round trip
 * (prices with cents, duties with three decimals), otherwise as float64. Sorted integer columns
 * may be stored as differences ("delta"), which turns large keys into small steps.
 */

export type ColumnType = 'u8' | 'i8' | 'u16' | 'i16' | 'i32' | 'f64';

export interface ColumnSpec {
  type: ColumnType;
  /** Stored integer = value × 10^scale. */
  scale: number;
  delta: boolean;
  /** With `delta`, the value the first step starts from (the first value); otherwise 0. */
  base: number;
  count: number;
  /** Byte offset of the data in the encoded buffer; always a multiple of 8. */
  offset: number;
}

type IntArray = Uint8Array | Int8Array | Uint16Array | Int16Array | Int32Array;

const MAX_SCALE = 6;
const I32_MIN = -2_147_483_648;
const I32_MAX = 2_147_483_647;

const BYTES: Record<ColumnType, number> = { u8: 1, i8: 1, u16: 2, i16: 2, i32: 4, f64: 8 };

export class CatalogCodecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogCodecError';
  }
}

function exactScale(values: ArrayLike<number>): number | null {
  for (let scale = 0; scale <= MAX_SCALE; scale++) {
    const factor = 10 ** scale;
    let fits = true;
    for (let i = 0; i < values.length && fits; i++) {
      const value = values[i] as number;
      const scaled = Math.round(value * factor);
      fits = scaled >= I32_MIN && scaled <= I32_MAX && scaled / factor === value;
    }
    if (fits) return scale;
  }
  return null;
}

function integerType(min: number, max: number): Exclude<ColumnType, 'f64'> {
  if (min >= 0 && max <= 0xff) return 'u8';
  if (min >= -0x80 && max <= 0x7f) return 'i8';
  if (min >= 0 && max <= 0xffff) return 'u16';
  if (min >= -0x8000 && max <= 0x7fff) return 'i16';
  return 'i32';
}

function makeIntArray(type: Exclude<ColumnType, 'f64'>, length: number): IntArray {
  switch (type) {
    case 'u8':
      return new Uint8Array(length);
    case 'i8':
      return new Int8Array(length);
    case 'u16':
      return new Uint16Array(length);
    case 'i16':
      return new Int16Array(length);
    case 'i32':
      return new Int32Array(length);
  }
}

/** A column ready to be written: its spec (offset still 0) and its bytes. */
export interface PackedColumn {
  spec: ColumnSpec;
  bytes: Uint8Array;
}

/**
 * Packs `values` exactly: decoding gives back the very same doubles. `delta` is honoured only
 * for integer columns. Throws on NaN or infinities, which have no place in a catalogue.
 */
export function packColumn(
  values: ArrayLike<number>,
  options: { delta?: boolean } = {},
): PackedColumn {
  const count = values.length;
  for (let i = 0; i < count; i++) {
    if (!Number.isFinite(values[i])) throw new CatalogCodecError(`Not a finite number at row ${i}`);
  }
  const scale = exactScale(values);
  if (scale === null) {
    const data = Float64Array.from(values);
    return {
      spec: { type: 'f64', scale: 0, delta: false, base: 0, count, offset: 0 },
      bytes: new Uint8Array(data.buffer),
    };
  }
  const factor = 10 ** scale;
  const delta = options.delta === true && scale === 0;
  const ints = new Float64Array(count);
  const base = delta && count > 0 ? Math.round((values[0] as number) * factor) : 0;
  let previous = base;
  let min = 0;
  let max = 0;
  for (let i = 0; i < count; i++) {
    const scaled = Math.round((values[i] as number) * factor);
    const stored = delta ? scaled - previous : scaled;
    previous = scaled;
    ints[i] = stored;
    if (i === 0 || stored < min) min = stored;
    if (i === 0 || stored > max) max = stored;
  }
  if (min < I32_MIN || max > I32_MAX) {
    // Steps between far-apart keys can overflow; plain values always fit (checked above).
    return packColumn(values, { delta: false });
  }
  const type = integerType(min, max);
  const data = makeIntArray(type, count);
  data.set(ints);
  return {
    spec: { type, scale, delta, base, count, offset: 0 },
    bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
}

function view(buffer: ArrayBuffer, spec: ColumnSpec): ArrayLike<number> {
  const end = spec.offset + spec.count * BYTES[spec.type];
  if (spec.offset % 8 !== 0 || end > buffer.byteLength || spec.count < 0) {
    throw new CatalogCodecError('Column outside the buffer');
  }
  switch (spec.type) {
    case 'u8':
      return new Uint8Array(buffer, spec.offset, spec.count);
    case 'i8':
      return new Int8Array(buffer, spec.offset, spec.count);
    case 'u16':
      return new Uint16Array(buffer, spec.offset, spec.count);
    case 'i16':
      return new Int16Array(buffer, spec.offset, spec.count);
    case 'i32':
      return new Int32Array(buffer, spec.offset, spec.count);
    case 'f64':
      return new Float64Array(buffer, spec.offset, spec.count);
  }
}

/**
 * The values of a packed column, as written. Plain integer and float columns are views on
 * `buffer` (no copy); scaled and delta columns are decoded into a new array.
 */
export function unpackColumn(buffer: ArrayBuffer, spec: ColumnSpec): ArrayLike<number> {
  const stored = view(buffer, spec);
  if (spec.type === 'f64' || (spec.scale === 0 && !spec.delta)) return stored;
  const out = new Float64Array(spec.count);
  const factor = 10 ** spec.scale;
  let running = spec.delta ? spec.base : 0;
  for (let i = 0; i < spec.count; i++) {
    running = spec.delta ? running + (stored[i] as number) : (stored[i] as number);
    out[i] = spec.scale === 0 ? running : running / factor;
  }
  return out;
}

export function columnByteLength(spec: ColumnSpec): number {
  return spec.count * BYTES[spec.type];
}

const COLUMN_TYPES: readonly ColumnType[] = ['u8', 'i8', 'u16', 'i16', 'i32', 'f64'];

/** Checks a column spec read from untrusted bytes. */
export function isColumnSpec(value: unknown): value is ColumnSpec {
  if (typeof value !== 'object' || value === null) return false;
  const spec = value as Record<string, unknown>;
  return (
    COLUMN_TYPES.includes(spec.type as ColumnType) &&
    Number.isInteger(spec.scale) &&
    (spec.scale as number) >= 0 &&
    (spec.scale as number) <= MAX_SCALE &&
    typeof spec.delta === 'boolean' &&
    Number.isSafeInteger(spec.base) &&
    Number.isInteger(spec.count) &&
    Number.isInteger(spec.offset)
  );
}

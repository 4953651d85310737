import { createHash } from 'node:crypto';
import {
  formatEtaDate,
  orderLineCents,
  planStandingLine,
  standingOrderMessages,
  unitsForBoxes,
  type Grower,
  type OrderLine,
  type RemovedProduct,
  type StandingOrderItem,
  type StockTake,
  type Variety,
} from '@stemline/shared';
import type { CatalogRepository } from '../catalog/catalog-repository';
import type { OfferCandidates } from './offer-candidates';

/** The order key of a standing order's week: the same on every run, node and restart. */
export function standingWeekOrderKey(standingKey: string, week: number): string {
  const digest = createHash('sha256').update(`${standingKey}\u0000${week}`).digest('base64url');
  return `so${week}-${digest.slice(0, 22)}`;
}

export interface WeekLines {
  lines: OrderLine[];
  /** Each short or missing line: the boxes left out and why, for the order's `removed_products`. */
  removed: RemovedProduct[];
  /** One notice text per short or missing line: what happened and what was done instead. */
  notices: { itemKey: string; message: string }[];
}

/**
 * Takes the stock of one standing-order week, line by line, through the cart's add rule
 * (`planStandingLine`): whole boxes only, never more than the live stock holds (a conditional
 * decrement, as an add to cart), at most 30 of a row. Each line is charged the row's current
 * price (`STANDING_ORDER_PRICE_POLICY`). Call inside the week's transaction; `seq` gives each
 * stock change its change sequence.
 */
export async function takeWeekLines(params: {
  catalog: CatalogRepository;
  candidates: OfferCandidates;
  standing: { key: string; name: string };
  deliveryDate: number;
  items: { item: StandingOrderItem; boxes: number }[];
  seq: () => Promise<number>;
}): Promise<WeekLines> {
  const { catalog, candidates, standing, deliveryDate, items, seq } = params;
  const date = formatEtaDate(deliveryDate);
  const result: WeekLines = { lines: [], removed: [], notices: [] };
  const takenByRow = new Map<number, number>();
  const leftOut = (item: StandingOrderItem, boxes: number, reason: string, message: string) => {
    result.removed.push({
      variety_name: item.variety_name,
      boxes,
      eta_date: deliveryDate,
      reason,
    });
    result.notices.push({ itemKey: item.key, message });
  };

  for (const { item, boxes } of items) {
    const variety = await catalog.variety(item.variety_key);
    const label = `${variety?.name ?? item.variety_name} ${item.length} cm`;
    if (!variety) {
      leftOut(
        item,
        boxes,
        'no longer in the catalogue',
        standingOrderMessages.lineGone(standing.name, date, label),
      );
      continue;
    }
    const offers = await candidates.live(deliveryDate, item);
    if (offers.length === 0) {
      const grower = item.grower_key === null ? undefined : await catalog.grower(item.grower_key);
      leftOut(
        item,
        boxes,
        'not offered that week',
        grower
          ? standingOrderMessages.lineNotOfferedByGrower(
              standing.name,
              date,
              variety.name,
              item.length,
              grower.grower_name,
            )
          : standingOrderMessages.lineNotOffered(standing.name, date, variety.name, item.length),
      );
      continue;
    }
    const plan = planStandingLine(boxes, offers, takenByRow);
    let granted = 0;
    for (const take of plan.takes) {
      const grower = await catalog.grower(take.offer.grower_key);
      const units = unitsForBoxes(take.offer, take.boxes);
      // The rows were read in this transaction; a refusal here means another writer got there.
      if (!grower || !(await catalog.takeStock(take.offer.inventory_key, units, await seq())))
        continue;
      takenByRow.set(
        take.offer.inventory_key,
        (takenByRow.get(take.offer.inventory_key) ?? 0) + take.boxes,
      );
      granted += take.boxes;
      result.lines.push(
        orderLine(result.lines.length + 1, standing.key, item, variety, grower, take, deliveryDate),
      );
    }
    if (granted === 0)
      leftOut(
        item,
        boxes,
        'sold out',
        standingOrderMessages.lineSoldOut(standing.name, date, label),
      );
    else if (granted < boxes)
      leftOut(
        item,
        boxes - granted,
        `only ${granted} of ${boxes} boxes left`,
        standingOrderMessages.lineShort(standing.name, date, label, granted, boxes),
      );
  }
  return result;
}

function orderLine(
  lineNo: number,
  standingKey: string,
  item: StandingOrderItem,
  variety: Variety,
  grower: Grower,
  take: StockTake,
  deliveryDate: number,
): OrderLine {
  const { offer, boxes } = take;
  const row = {
    line_no: lineNo,
    cart_line_key: `${standingKey}-${item.key}`,
    inventory_key: offer.inventory_key,
    variety_key: variety.key,
    variety_name: variety.name,
    color_code: variety.color_code,
    grower_key: grower.key,
    grower_name: grower.grower_name,
    country_iso: grower.country_iso,
    length: offer.length,
    eta_date: deliveryDate,
    boxes,
    uom: offer.uom,
    stems_per_bunch: offer.stems_per_bunch,
    bunches_in_box: offer.bunches_in_box,
    stem_price_cents: offer.stem_price_cents,
    cart_price_cents: offer.stem_price_cents,
    price_changed: false,
    total_cents: 0,
    status: 'placed' as const,
    cancelled_at: null,
  };
  return { ...row, total_cents: orderLineCents(row) };
}

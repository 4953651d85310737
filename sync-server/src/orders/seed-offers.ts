import { MILLS_PER_CENT, wholeCents, type OrderLine } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';

export interface SeedOffer {
  inventory_key: number;
  variety_key: string;
  variety_name: string;
  color_code: string;
  grower_key: string;
  grower_name: string;
  country_iso: OrderLine['country_iso'];
  length: number;
  uom: OrderLine['uom'];
  stems_per_bunch: number;
  bunches_in_box: number;
  grower_price_mills: number;
}

/** The next change sequence number, in the seed's transaction. */
export async function seedSeq(tx: SqlExecutor): Promise<number> {
  const row = await tx.one<{ value: number }>(
    'UPDATE change_seq SET value = value + 1 WHERE id = 1 RETURNING value',
  );
  if (!row) throw new Error('change_seq row is missing');
  return row.value;
}

/** A few non-open-market catalogue rows, the same on every seed, to price the history with. */
export function seedOffers(engine: SqlExecutor): Promise<SeedOffer[]> {
  return engine.all<SeedOffer>(
    `SELECT o.inventory_key, o.variety_key, v.name AS variety_name, c.color_code, o.grower_key,
              g.grower_name, g.country_iso, o.length, o.uom, o.stems_per_bunch, o.bunches_in_box,
              o.grower_price_mills
       FROM offers o JOIN varieties v ON v.key = o.variety_key JOIN colors c ON c.key = v.color_key
       JOIN growers g ON g.key = o.grower_key
       WHERE o.open_market = 0 ORDER BY o.inventory_key LIMIT 12`,
  );
}

/** The unit price a seeded order charged, in whole cents: the farm price with a 45% mark-up. */
export function seedUnitPriceCents(offer: Pick<SeedOffer, 'grower_price_mills'>): number {
  return wholeCents((offer.grower_price_mills * 1.45) / MILLS_PER_CENT);
}

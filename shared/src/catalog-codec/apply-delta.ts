import { stemPriceCents } from '../rules/pricing';
import type { CatalogSnapshot, Offer } from '../schemas/catalog';
import type { CatalogDeltaAnswer } from '../schemas/catalog-delta';
import { fromKeySteps } from './key-steps';

export type ApplyDeltaResult =
  | { ok: true; snapshot: CatalogSnapshot; changedRows: number }
  | {
      ok: false;
      reason: 'reset' | 'other-catalog' | 'other-version' | 'unknown-row' | 'malformed';
    };

/**
 * Patches a snapshot with a delta answer: stock first, then prices, recomputing each changed
 * row's stem price with `stemPriceCents()`. Returns a new snapshot (changed rows are new objects,
 * the others are shared) or, when the copy cannot be patched, why: the caller then fetches the
 * full snapshot. A delta that changes nothing still moves the version.
 */
export function applyCatalogDelta(
  snapshot: CatalogSnapshot,
  delta: CatalogDeltaAnswer,
): ApplyDeltaResult {
  if (delta.reset) return { ok: false, reason: 'reset' };
  if (delta.catalogId !== snapshot.catalogId || delta.date !== snapshot.date) {
    return { ok: false, reason: 'other-catalog' };
  }
  if (delta.since !== snapshot.version) return { ok: false, reason: 'other-version' };
  const stockKeys = fromKeySteps(delta.stock.keySteps);
  const priceKeys = fromKeySteps(delta.prices.keySteps);
  const p = delta.prices;
  if (
    stockKeys.length !== delta.stock.available.length ||
    [
      p.grower_price_mills,
      p.import_duties_tax,
      p.freight_cost_mills,
      p.box_charge_mills,
      p.margin_discount,
    ].some((values) => values.length !== priceKeys.length)
  ) {
    return { ok: false, reason: 'malformed' };
  }

  const rowOf = new Map<number, number>();
  snapshot.offers.forEach((offer, i) => rowOf.set(offer.inventory_key, i));
  const offers = snapshot.offers.slice();
  const changed = new Set<number>();
  const patch = (key: number, update: (offer: Offer) => Offer): boolean => {
    const row = rowOf.get(key);
    const offer = row === undefined ? undefined : offers[row];
    if (row === undefined || offer === undefined) return false;
    offers[row] = update(offer);
    changed.add(row);
    return true;
  };

  for (let i = 0; i < stockKeys.length; i++) {
    const available = delta.stock.available[i] as number;
    if (!patch(stockKeys[i] as number, (offer) => ({ ...offer, available }))) {
      return { ok: false, reason: 'unknown-row' };
    }
  }
  if (!snapshot.pricesHidden) {
    for (let i = 0; i < priceKeys.length; i++) {
      const ok = patch(priceKeys[i] as number, (offer) => {
        const next: Offer = {
          ...offer,
          grower_price_mills: p.grower_price_mills[i] as number,
          import_duties_tax: p.import_duties_tax[i] as number,
          freight_cost_mills: p.freight_cost_mills[i] as number,
          box_charge_mills: p.box_charge_mills[i] as number,
          margin_discount: p.margin_discount[i] as number,
        };
        next.stem_price_cents = stemPriceCents(next, next);
        return next;
      });
      if (!ok) return { ok: false, reason: 'unknown-row' };
    }
  }
  return {
    ok: true,
    snapshot: { ...snapshot, version: delta.version, offers },
    changedRows: changed.size,
  };
}

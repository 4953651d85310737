import {
  customBoxLabel,
  customBoxCents,
  formatEtaDate,
  planStandingBox,
  standingOrderMessages,
  type Grower,
  type OrderCustomBox,
  type RemovedProduct,
  type StandingBoxPlan,
  type StandingCustomBox,
  type Variety,
} from '@stemline/shared';
import type { CatalogRepository } from '../catalog/catalog-repository';
import type { OfferCandidates } from './offer-candidates';

export interface WeekBoxes {
  boxes: OrderCustomBox[];
  removed: RemovedProduct[];
  notices: { itemKey: string; message: string }[];
}

/**
 * Packs the week's copies of each standing custom box from its farm's live rows of the delivery
 * date (`planStandingBox`), taking each copy's bunches from stock with the conditional
 * decrement, at the rows' current prices. A copy is packed whole or not at all; the copies that
 * cannot be are left out with one notice per box saying why. Call inside the week's
 * transaction, after its lines.
 */
export async function takeWeekBoxes(params: {
  catalog: CatalogRepository;
  candidates: OfferCandidates;
  standing: { name: string };
  deliveryDate: number;
  customBoxes: { box: StandingCustomBox; boxes: number }[];
  seq: () => Promise<number>;
}): Promise<WeekBoxes> {
  const { catalog, candidates, standing, deliveryDate, customBoxes, seq } = params;
  const date = formatEtaDate(deliveryDate);
  const result: WeekBoxes = { boxes: [], removed: [], notices: [] };

  for (const { box, boxes: asked } of customBoxes) {
    const grower = await catalog.grower(box.grower_key);
    let packed = 0;
    let why: string = standingOrderMessages.whyFarmGone;
    while (grower && packed < asked) {
      const rows = [];
      for (const item of box.items)
        rows.push(await candidates.live(deliveryDate, { ...item, grower_key: box.grower_key }));
      const plan = planStandingBox(box, rows);
      if (plan.kind !== 'pack') {
        why = whyNotPacked(plan);
        break;
      }
      for (const take of plan.takes) {
        const units = take.bunches * (take.offer.uom === 'bunch' ? 1 : take.offer.stems_per_bunch);
        // The rows were read in this transaction with these bunches in stock.
        if (!(await catalog.takeStock(take.offer.inventory_key, units, await seq())))
          throw new Error(`row ${take.offer.inventory_key} lost its stock inside a transaction`);
      }
      packed += 1;
      result.boxes.push(
        await orderBox(catalog, `${box.key}-${packed}`, grower, plan, deliveryDate),
      );
    }
    if (packed === asked) continue;
    const farm = grower?.grower_name ?? box.grower_name;
    result.removed.push({
      variety_name: customBoxLabel({ grower_name: farm }),
      boxes: asked - packed,
      eta_date: deliveryDate,
      reason: why,
    });
    result.notices.push({
      itemKey: box.key,
      message:
        packed === 0
          ? standingOrderMessages.boxLeftOut(standing.name, date, farm, why)
          : standingOrderMessages.boxShort(standing.name, date, farm, packed, asked, why),
    });
  }
  return result;
}

function whyNotPacked(plan: Exclude<StandingBoxPlan, { kind: 'pack' }>): string {
  if (plan.kind === 'overfull') return standingOrderMessages.whyOverfull;
  return standingOrderMessages.whyFewBunches(`${plan.item.variety_name} ${plan.item.length} cm`);
}

async function orderBox(
  catalog: CatalogRepository,
  boxKey: string,
  grower: Grower,
  plan: Extract<StandingBoxPlan, { kind: 'pack' }>,
  deliveryDate: number,
): Promise<OrderCustomBox> {
  const varieties = new Map<string, Variety | undefined>();
  for (const { offer } of plan.takes)
    varieties.set(offer.variety_key, await catalog.variety(offer.variety_key));
  const items = plan.takes.map(({ offer, bunches }) => {
    const variety = varieties.get(offer.variety_key);
    return {
      inventory_key: offer.inventory_key,
      variety_key: offer.variety_key,
      variety_name: variety?.name ?? offer.variety_key,
      color_code: variety?.color_code ?? '',
      length: offer.length,
      uom: offer.uom,
      stems_per_bunch: offer.stems_per_bunch,
      bunches,
      stem_price_cents: offer.stem_price_cents,
      cart_price_cents: offer.stem_price_cents,
      price_changed: false,
    };
  });
  return {
    box_key: boxKey,
    grower_key: grower.key,
    grower_name: grower.grower_name,
    country_iso: grower.country_iso,
    eta_date: deliveryDate,
    fill_percent: plan.fill,
    items,
    total_cents: customBoxCents({ items }),
    status: 'placed',
    cancelled_at: null,
  };
}

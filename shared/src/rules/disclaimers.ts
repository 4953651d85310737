import type { Disclaimer } from '../schemas/catalog-entities';

/**
 * The disclaimers that apply to a variety (spec §3: matched by product group, variety, category
 * or grower), in the order given. A grower disclaimer applies only when `growerKey` is that
 * grower; without a grower, only the variety's own matches apply.
 */
export function disclaimersFor(
  disclaimers: readonly Disclaimer[],
  variety: { key: string; product_group_key: string; category_key: string },
  growerKey?: string,
): Disclaimer[] {
  return disclaimers.filter(
    (d) =>
      (d.variety !== null && d.variety === variety.key) ||
      (d.product_group !== null && d.product_group === variety.product_group_key) ||
      (d.category !== null && d.category === variety.category_key) ||
      (d.grower !== null && growerKey !== undefined && d.grower === growerKey),
  );
}

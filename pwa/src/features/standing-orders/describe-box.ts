import type { StandingCustomBox } from '@stemline/shared';

/** How a standing order's custom box is listed: its farm, flowers, bunches and boxes a week. */
export function describeBox(
  box: Pick<StandingCustomBox, 'grower_name' | 'items' | 'boxes'>,
): string {
  const bunches = box.items.reduce((sum, item) => sum + item.bunches, 0);
  return `Custom box from ${box.grower_name}: ${box.items.length} ${box.items.length === 1 ? 'flower' : 'flowers'}, ${bunches} ${bunches === 1 ? 'bunch' : 'bunches'}; ${box.boxes} a week`;
}

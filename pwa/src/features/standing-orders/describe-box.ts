import { nameWithLength, type StandingCustomBox, type StandingOrderItem } from '@stemline/shared';

/** How a standing order's box item is listed: '2 boxes of Freedom 60 cm each delivery'. */
export function describeItem(
  item: Pick<StandingOrderItem, 'quantity' | 'variety_name' | 'length'>,
): string {
  return `${countBoxes(item.quantity)} of ${nameWithLength(item.variety_name, item.length)} each delivery`;
}

/** '1 box', '3 boxes'. */
export function countBoxes(count: number): string {
  return `${count} ${count === 1 ? 'box' : 'boxes'}`;
}

/**
 * How a standing order's custom box is listed: its farm, flowers, bunches and boxes each
 * delivery (a delivery comes every week or every two weeks).
 */
export function describeBox(
  box: Pick<StandingCustomBox, 'grower_name' | 'items' | 'boxes'>,
): string {
  const bunches = box.items.reduce((sum, item) => sum + item.bunches, 0);
  return `Custom box from ${box.grower_name}: ${box.items.length} ${box.items.length === 1 ? 'flower' : 'flowers'}, ${bunches} ${bunches === 1 ? 'bunch' : 'bunches'}; ${countBoxes(box.boxes)} each delivery`;
}

import type { ActualAddress } from '@stemline/shared';
import type { AppContext } from '../app-context';

/**
 * Gives the cart's open lines bound for `address._KEY` the address as it now reads: a corrected
 * delivery address (a one-time one, or the main address in the company details) reaches the boxes
 * already in the cart, so the order ships where the buyer last said, not to a copy taken when they
 * were added. Must run inside the edit's transaction; answers how many lines changed.
 */
export async function reshipCartLines(
  app: AppContext,
  customerKey: string,
  address: ActualAddress,
): Promise<number> {
  const { cart } = app.repos;
  const bound = (await cart.lines(customerKey)).filter(
    (line) => line.ship_to?._KEY === address._KEY && !sameAddress(line.ship_to, address),
  );
  for (const line of bound)
    await cart.saveLine(customerKey, { ...line, ship_to: address }, await app.changes.next());
  return bound.length;
}

/** How many of the cart's open lines ship to one of `keys`. */
export async function cartLinesBoundFor(
  app: AppContext,
  customerKey: string,
  keys: readonly string[],
): Promise<number> {
  const lines = await app.repos.cart.lines(customerKey);
  return lines.filter((line) => line.ship_to && keys.includes(line.ship_to._KEY)).length;
}

function sameAddress(a: ActualAddress, b: ActualAddress): boolean {
  return (['address', 'city', 'state', 'zipcode'] as const).every((field) => a[field] === b[field]);
}

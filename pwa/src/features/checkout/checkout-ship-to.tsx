import { checkoutMessages, type ActualAddress, type CartLine } from '@stemline/shared';
import { formatAddress } from '../delivery/selected-address';

/**
 * The addresses the order ships to, as the server will split it: each line to the address it
 * was added for, else (like custom boxes) to the address selected now. Several addresses are
 * placed as several orders, and the buyer is told so before Place order.
 */
export function shipmentAddresses(
  lines: readonly Pick<CartLine, 'ship_to'>[],
  hasBoxes: boolean,
  selected: ActualAddress | null,
): ActualAddress[] {
  const addresses = new Map<string, ActualAddress>();
  for (const line of lines) {
    const address = line.ship_to ?? selected;
    if (address && !addresses.has(address._KEY)) addresses.set(address._KEY, address);
  }
  if (hasBoxes && selected && !addresses.has(selected._KEY)) addresses.set(selected._KEY, selected);
  return [...addresses.values()];
}

export function CheckoutShipTo({ addresses }: { addresses: ActualAddress[] }) {
  if (addresses.length === 0) return null;
  return (
    <section className="checkout__ship-to" aria-labelledby="checkout-ship-to">
      <h2 id="checkout-ship-to">{checkoutMessages.shipsTo}</h2>
      <ul>
        {addresses.map((address) => (
          <li key={address._KEY}>{formatAddress(address)}</li>
        ))}
      </ul>
      {addresses.length > 1 && <p>{checkoutMessages.willSplitByAddress(addresses.length)}</p>}
    </section>
  );
}

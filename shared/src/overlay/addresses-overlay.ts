import { decideCustomerAddress } from '../rules/address-book';
import type { CustomerAddressArgs, DeleteAddressArgs, SavedAddress } from '../schemas/address';
import type { OverlayEntry } from './queued-mutation';

/** An address on screen, with what this device is still waiting for the server to do to it. */
export interface VisibleAddress extends SavedAddress {
  /** `saving`: added or edited here, not yet applied; `deleting`: delete queued, not yet applied. */
  pending: 'saving' | 'deleting' | null;
}

/** The address book while the overlay applies queued mutations to it, by key. */
export type AddressesOverlay = Map<string, VisibleAddress>;

/** The overlay's starting point: the pulled addresses. */
export function addressesOverlay(pulled: readonly SavedAddress[]): AddressesOverlay {
  return new Map(pulled.map((address) => [address.key, { ...address, pending: null }]));
}

/** A queued save, decided by the shared rule the server runs before writing. */
export function applyCustomerAddress(
  book: AddressesOverlay,
  args: CustomerAddressArgs,
  entry: OverlayEntry,
): void {
  if (!args.save) return;
  const decision = decideCustomerAddress(
    args,
    {
      existing: book.get(args._KEY),
      count: [...book.values()].filter((a) => a.pending !== 'deleting').length,
      // Read by selections only (save false), which this book does not show.
      main: undefined,
      freshKey: () => args._KEY,
    },
    entry.createdAt,
  );
  if (decision.kind === 'save') {
    book.set(decision.address.key, {
      ...decision.address,
      pending: entry.status === 'pending' ? 'saving' : null,
    });
  }
}

/** A queued delete keeps the row, marked, until the server has applied it. */
export function applyDeleteAddress(
  book: AddressesOverlay,
  args: DeleteAddressArgs,
  entry: OverlayEntry,
): void {
  for (const key of args.keys) {
    const address = book.get(key);
    if (!address) continue;
    if (entry.status === 'pending') book.set(key, { ...address, pending: 'deleting' });
    else book.delete(key);
  }
}

import {
  customerAddressArgsSchema,
  decideCustomerAddress,
  deleteAddressArgsSchema,
  type SavedAddress,
} from '@stemline/shared';

/** The part of an outbox entry the overlay reads. */
export interface AddressOutboxEntry {
  id: string;
  name: string;
  args: Record<string, unknown>;
  createdAt: number;
  status: 'pending' | 'applied' | 'rejected';
  appliedSeq?: number | undefined;
}

/** An address on screen, with what this device is still waiting for the server to do to it. */
export interface VisibleAddress extends SavedAddress {
  /** `saving`: added or edited here, not yet applied; `deleting`: delete queued, not yet applied. */
  pending: 'saving' | 'deleting' | null;
}

/**
 * The address book as the buyer should see it: the pulled addresses with every address change
 * the server has not reflected yet applied on top, decided by the same shared rule the server
 * runs. A change counts while pending, and once applied until the pulled checkpoint reaches its
 * `appliedSeq` (then the pulled rows already hold it, so nothing flickers). A queued delete keeps
 * the row, marked, until the server has applied it. Oldest first.
 */
export function overlayAddresses(
  pulled: readonly SavedAddress[],
  outbox: readonly AddressOutboxEntry[],
  checkpoint: number,
): VisibleAddress[] {
  const book = new Map<string, VisibleAddress>(
    pulled.map((address) => [address.key, { ...address, pending: null }]),
  );
  const unreflected = outbox
    .filter(
      (entry) =>
        entry.status === 'pending' ||
        (entry.status === 'applied' && (entry.appliedSeq ?? 0) > checkpoint),
    )
    .sort((a, b) => a.createdAt - b.createdAt);

  for (const entry of unreflected) {
    const waiting = entry.status === 'pending';
    if (entry.name === 'customer_address') {
      const args = customerAddressArgsSchema.safeParse(entry.args);
      if (!args.success || !args.data.save) continue;
      const existing = book.get(args.data._KEY);
      const decision = decideCustomerAddress(
        args.data,
        { existing, count: [...book.values()].filter((a) => a.pending !== 'deleting').length },
        entry.createdAt,
      );
      if (decision.kind === 'save') {
        book.set(decision.address.key, { ...decision.address, pending: waiting ? 'saving' : null });
      }
    } else if (entry.name === 'delete_address') {
      const args = deleteAddressArgsSchema.safeParse(entry.args);
      if (!args.success) continue;
      for (const key of args.data.keys) {
        const address = book.get(key);
        if (!address) continue;
        if (waiting) book.set(key, { ...address, pending: 'deleting' });
        else book.delete(key);
      }
    }
  }
  return [...book.values()].sort(
    (a, b) => a.created_at - b.created_at || a.key.localeCompare(b.key),
  );
}

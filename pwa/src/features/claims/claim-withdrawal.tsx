import { useState } from 'react';
import { map } from 'rxjs';
import { claimMessages, type Claim } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import type { MutationDoc } from '../../storage/account-schemas';
import { useObservable } from '../../storage/use-observable';
import { enqueueMutation } from '../../sync/outbox';
import { Button, ModalDialog, StatusPill } from '../../ui';

/**
 * The claims' queued withdrawals (`claim_delete` in the outbox) by claim key: pending until the
 * server answers, then rejected with its message when the claim had already gone into review. An
 * applied one is no longer shown here: the claim's tombstone removes the claim itself.
 */
export function useClaimWithdrawals(db: AccountDb | null): ReadonlyMap<string, MutationDoc> {
  return useObservable(
    () =>
      db?.mutations
        .find({ selector: { name: 'claim_delete' }, sort: [{ createdAt: 'asc' }] })
        .$.pipe(
          map((docs) => {
            const byClaim = new Map<string, MutationDoc>();
            for (const doc of docs) {
              const entry = doc.toJSON() as MutationDoc;
              const claimKey = (entry.args as { claim_key?: unknown }).claim_key;
              if (typeof claimKey === 'string' && entry.status !== 'applied') {
                byClaim.set(claimKey, entry);
              }
            }
            return byClaim;
          }),
        ),
    new Map<string, MutationDoc>(),
    [db],
  );
}

/**
 * Withdraw on a claim not yet in review (spec §7 `claim_delete`; the duplicate-claim message
 * tells the buyer to withdraw the earlier claim): asks first, then queues the withdrawal, which
 * goes out at once online and when the device is back online otherwise.
 */
export function ClaimWithdrawal({
  db,
  claim,
  withdrawal,
}: {
  db: AccountDb;
  claim: Claim;
  withdrawal: MutationDoc | undefined;
}) {
  const [asking, setAsking] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  if (withdrawal?.status === 'pending') {
    return (
      <p className="claims__withdrawal" data-testid="claim-withdrawing">
        <StatusPill status="pending">{claimMessages.claimWithdrawing}</StatusPill>
      </p>
    );
  }
  const refused = withdrawal?.status === 'rejected' ? withdrawal.message : undefined;
  if (claim.status !== 'submitted') {
    return refused ? <p role="alert">{refused}</p> : null;
  }
  const withdraw = async (): Promise<void> => {
    try {
      await enqueueMutation(db, 'claim_delete', { claim_key: claim.key });
      setAsking(false);
    } catch {
      setFailed(claimMessages.withdrawalNotSaved);
    }
  };
  return (
    <div className="claims__withdrawal">
      {refused && <p role="alert">{refused}</p>}
      <Button variant="secondary" size="sm" onPress={() => setAsking(true)}>
        Withdraw claim
      </Button>
      <ModalDialog
        isOpen={asking}
        onOpenChange={(open) => {
          setAsking(open);
          if (!open) setFailed(null);
        }}
        title={`Withdraw claim ${claim.number}?`}
        role="alertdialog"
        size="sm"
        footer={
          <>
            <Button variant="quiet" onPress={() => setAsking(false)}>
              Keep claim
            </Button>
            <Button variant="danger" onPress={() => void withdraw()}>
              Withdraw claim
            </Button>
          </>
        }
      >
        <p>{claimMessages.withdrawExplained}</p>
        {failed && <p role="alert">{failed}</p>}
      </ModalDialog>
    </div>
  );
}

import { useState } from 'react';
import { map } from 'rxjs';
import { claimMessages, mutationSubject, nameWithLength, type Claim } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import type { MutationDoc } from '../../storage/account-schemas';
import { useObservable } from '../../storage/use-observable';
import { enqueueMutation } from '../../sync/outbox';
import { ClaimReasonFields } from './claim-reason-fields';
import { Button, ModalDialog, NumberField, StatusPill } from '../../ui';

const CHANGE_NAMES = ['claim_update', 'claim_delete'];

/** The claim a queued edit or withdrawal is about, if its arguments name one. */
function claimKeyOf(entry: MutationDoc): string | undefined {
  const claimKey = (entry.args as { claim_key?: unknown }).claim_key;
  return typeof claimKey === 'string' ? claimKey : undefined;
}

/**
 * The claims' queued changes (`claim_update`, `claim_delete` in the outbox) by claim key, the
 * latest of each claim: pending until the server answers, then rejected with its message when the
 * claim had already gone into review or left its window. An applied one is not listed: the pulled
 * claim (or its tombstone) shows it.
 */
export function useClaimChanges(db: AccountDb | null): ReadonlyMap<string, MutationDoc> {
  return useObservable(
    () =>
      db?.mutations
        .find({ selector: { name: { $in: CHANGE_NAMES } }, sort: [{ createdAt: 'asc' }] })
        .$.pipe(
          map((docs) => {
            const byClaim = new Map<string, MutationDoc>();
            for (const doc of docs) {
              const entry = doc.toJSON() as MutationDoc;
              const claimKey = claimKeyOf(entry);
              if (claimKey === undefined) continue;
              if (entry.status === 'applied') byClaim.delete(claimKey);
              else byClaim.set(claimKey, entry);
            }
            return byClaim;
          }),
        ),
    new Map<string, MutationDoc>(),
    [db],
  );
}

/**
 * Edit and Withdraw on a claim not yet in review (spec §7 `claim_update`, `claim_delete`; the
 * duplicate-claim message tells the buyer to withdraw the earlier claim). Each asks first, then
 * queues its change, which goes out at once online and when the device is back online otherwise.
 */
export function ClaimActions({
  db,
  claim,
  change,
}: {
  db: AccountDb;
  claim: Claim;
  change: MutationDoc | undefined;
}) {
  const [open, setOpen] = useState<'edit' | 'withdraw' | null>(null);
  if (change?.status === 'pending') {
    return (
      <p className="claims__withdrawal" data-testid="claim-change-pending">
        <StatusPill status="pending">
          {change.name === 'claim_delete'
            ? claimMessages.claimWithdrawing
            : claimMessages.claimUpdating}
        </StatusPill>
      </p>
    );
  }
  const refusal = change?.status === 'rejected' && (
    <ClaimRefusal db={db} claimKey={claim.key} change={change} />
  );
  if (claim.status !== 'submitted') {
    return refusal ? <div className="claims__withdrawal">{refusal}</div> : null;
  }
  const close = (): void => setOpen(null);
  return (
    <div className="claims__withdrawal">
      {refusal}
      <Button variant="secondary" size="sm" onPress={() => setOpen('edit')}>
        Edit claim
      </Button>
      <Button variant="secondary" size="sm" onPress={() => setOpen('withdraw')}>
        Withdraw claim
      </Button>
      {open === 'edit' && <EditClaimModal db={db} claim={claim} onClose={close} />}
      {open === 'withdraw' && <WithdrawClaimModal db={db} claim={claim} onClose={close} />}
    </div>
  );
}

/**
 * Refused edits and withdrawals of claims no longer on this device (withdrawn on another
 * device, say): with no claim to show them on, they are listed on their own, each with Dismiss,
 * or they would stay in the outbox for good.
 */
export function OrphanClaimRefusals({
  db,
  changes,
  claims,
}: {
  db: AccountDb;
  changes: ReadonlyMap<string, MutationDoc>;
  claims: readonly Claim[];
}) {
  const orphans = [...changes].filter(
    ([claimKey, change]) =>
      change.status === 'rejected' && !claims.some((claim) => claim.key === claimKey),
  );
  if (orphans.length === 0) return null;
  return (
    <ul className="claims__orphans sl-message-list" aria-label="Changes not saved">
      {orphans.map(([claimKey, change]) => (
        <li key={claimKey}>
          <ClaimRefusal db={db} claimKey={claimKey} change={change} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The server's refusal of the claim's latest edit or withdrawal, titled by what was refused, with
 * Dismiss: it takes every refused change of this claim out of the outbox, where each would
 * otherwise stay for good.
 */
function ClaimRefusal({
  db,
  claimKey,
  change,
}: {
  db: AccountDb;
  claimKey: string;
  change: MutationDoc;
}) {
  const title = mutationSubject(change.name).refused;
  const dismiss = async (): Promise<void> => {
    const refused = await db.mutations
      .find({ selector: { status: 'rejected', name: { $in: CHANGE_NAMES } } })
      .exec();
    await db.mutations.bulkRemove(
      refused
        .map((doc) => doc.toJSON() as MutationDoc)
        .filter((entry) => claimKeyOf(entry) === claimKey)
        .map((entry) => entry.id),
    );
  };
  return (
    <div
      className="claims__refusal sl-message-row"
      data-tone="danger"
      data-testid="claim-change-refused"
    >
      <p role="alert">
        <strong>{title}</strong>
        {change.message && <>: {change.message}</>}
      </p>
      {/* The visible word begins the name (WCAG 2.5.3); the title tells what is dismissed. */}
      <Button
        variant="quiet"
        size="sm"
        aria-label={`Dismiss: ${title}`}
        onPress={() => void dismiss()}
      >
        Dismiss
      </Button>
    </div>
  );
}

function WithdrawClaimModal({
  db,
  claim,
  onClose,
}: {
  db: AccountDb;
  claim: Claim;
  onClose: () => void;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const withdraw = async (): Promise<void> => {
    try {
      await enqueueMutation(db, 'claim_delete', { claim_key: claim.key });
      onClose();
    } catch {
      setFailed(claimMessages.withdrawalNotSaved);
    }
  };
  return (
    <ModalDialog
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={`Withdraw claim ${claim.number}?`}
      role="alertdialog"
      size="sm"
      footer={
        <>
          <Button variant="quiet" onPress={onClose}>
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
  );
}

/**
 * The claim's units, reason and comment, changed in place: its photos and videos stay as they
 * were sent (the same folder), so nothing is uploaded again. The server checks every line
 * against its order and the claim window again.
 */
function EditClaimModal({
  db,
  claim,
  onClose,
}: {
  db: AccountDb;
  claim: Claim;
  onClose: () => void;
}) {
  const [units, setUnits] = useState(
    () => new Map(claim.items.map((item) => [item.line_no, item.units_to_be_claimed])),
  );
  const [reason, setReason] = useState(claim.reason);
  const [comment, setComment] = useState(claim.comment);
  const [failed, setFailed] = useState<string | null>(null);
  const lines = claim.items
    .map((item) => ({ line_no: item.line_no, units: units.get(item.line_no) ?? 0 }))
    .filter((line) => line.units > 0);
  const save = async (): Promise<void> => {
    if (lines.length === 0) return setFailed(claimMessages.claimNeedsALine);
    try {
      await enqueueMutation(db, 'claim_update', {
        claim_key: claim.key,
        order_key: claim.order_key,
        folder_key: claim.folder_key,
        lines,
        reason,
        comment,
      });
      onClose();
    } catch {
      setFailed(claimMessages.changeNotSaved);
    }
  };
  return (
    <ModalDialog
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={`Edit claim ${claim.number}`}
      subtitle={claimMessages.editExplained}
      size="md"
      footer={
        <>
          <Button variant="quiet" onPress={onClose}>
            Cancel
          </Button>
          <Button onPress={() => void save()}>Save changes</Button>
        </>
      }
    >
      <div className="claims__edit">
        {claim.items.map((item) => (
          <NumberField
            key={item.line_no}
            label={`Units of ${nameWithLength(item.variety_grade, item.length)} (at most ${item.units_delivered} ${item.uom}s)`}
            minValue={0}
            maxValue={item.units_delivered}
            value={units.get(item.line_no) ?? 0}
            onChange={(value) =>
              setUnits((current) =>
                new Map(current).set(item.line_no, Number.isFinite(value) ? value : 0),
              )
            }
          />
        ))}
        <ClaimReasonFields
          reason={reason}
          onReasonChange={setReason}
          comment={comment}
          onCommentChange={setComment}
        />
        {failed && <p role="alert">{failed}</p>}
      </div>
    </ModalDialog>
  );
}

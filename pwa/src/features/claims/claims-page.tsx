import {
  claimMessages,
  claimTimeline,
  collectClaimErrors,
  formatEtaDate,
  formatCents,
  type Claim,
  type ClaimItem,
  stemLengthText,
} from '@stemline/shared';
import { useAccountDb } from '../../session/account-context';
import {
  Button,
  dotSeparated,
  EmptyState,
  LinkButton,
  ProgressBar,
  Skeleton,
  StatusPill,
  type Status,
} from '../../ui';
import type { AccountDb } from '../../storage/account-db';
import type { MutationDoc } from '../../storage/account-schemas';
import type { LocalClaim, PhotoUpload } from '../../storage/claim-photo-db';
import { ClaimProcessInfo } from './claim-process-info';
import { ClaimActions, OrphanClaimRefusals, useClaimChanges } from './claim-actions';
import { HELD_RETRY_MS, isHeld } from './claim-uploader';
import { retryClaimUploads } from './claim-uploads';
import { countWords } from '../../ui/count-words';
import { formatBytes } from './format-bytes';
import { useUploadProgress, type FileProgress } from './upload-progress';
import { useClaims, useLocalClaims } from './use-claims';
import './claims.css';

const statusText: Record<Claim['status'], [string, Status]> = {
  submitted: ['Submitted', 'pending'],
  in_review: ['In review', 'syncing'],
  credited: ['Credited', 'online'],
  declined: ['Declined', 'error'],
};
const stepText = {
  submitted: 'Submitted',
  in_review: 'In review',
  credited: 'Credited',
  declined: 'Declined',
} as const;
const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/New_York',
});

/** Spec §3 list columns, one row per claimed line. */
const COLUMNS = [
  'claim',
  'order',
  'arrival_date',
  'grower',
  'uom',
  'units_to_be_claimed',
  'product_group',
  'variety_grade',
  'length',
  'total_claim',
] as const;
const COLUMN_LABELS: Record<(typeof COLUMNS)[number], string> = {
  claim: 'Claim',
  order: 'Order',
  arrival_date: 'Arrival date',
  grower: 'Grower',
  uom: 'UOM',
  units_to_be_claimed: 'Units to be claimed',
  product_group: 'Product group',
  variety_grade: 'Variety grade',
  length: 'Length',
  total_claim: 'Total claim',
};

/** What a claim line shows under one of the spec's columns (§3). */
function cellText(claim: Claim, item: ClaimItem, column: (typeof COLUMNS)[number]): string {
  switch (column) {
    case 'claim':
      return claim.number;
    case 'order':
      return claim.po;
    case 'arrival_date':
      return formatEtaDate(item.arrival_date);
    case 'length':
      return stemLengthText(item.length);
    case 'total_claim':
      return formatCents(item.total_claim_cents);
    default:
      return String(item[column]);
  }
}

const uploadStateText: Record<PhotoUpload['state'] | 'held', string> = {
  waiting: 'waiting',
  held: 'on hold',
  uploading: 'sending',
  uploaded: 'sent',
  refused: 'refused',
};

/**
 * One file's upload as a progress bar of its bytes: live while a part goes out, else the
 * offset the server last confirmed (kept across reloads).
 */
function FileProgressBar({
  upload,
  label,
  live,
}: {
  upload: PhotoUpload;
  label: string;
  live: ReadonlyMap<string, FileProgress>;
}) {
  const now = live.get(upload.photoId);
  // A file left 'uploading' by a page that went away mid-part (a reload, a crash) and not sending
  // from this page is waiting again: the uploader goes on from its stored offset.
  const state =
    upload.state === 'uploading' && !now ? 'waiting' : isHeld(upload) ? 'held' : upload.state;
  const total = upload.totalBytes ?? now?.total ?? 0;
  const sent =
    state === 'uploaded'
      ? total
      : state === 'uploading' && now
        ? now.sent
        : (upload.sentBytes ?? 0);
  return (
    <ProgressBar
      label={label}
      value={sent}
      minValue={0}
      maxValue={Math.max(total, 1)}
      valueLabel={`${dotSeparated([`${formatBytes(sent)} of ${formatBytes(total)}`, uploadStateText[state]])}${
        upload.error ? ` — ${upload.error}` : ''
      }`}
    />
  );
}

/**
 * A claim filed on this device, its files not all on the server yet: each file's progress, and
 * why a file was refused, or held back by the server's upload limit with a Try again.
 */
function LocalClaimCard({ local, db }: { local: LocalClaim; db: AccountDb }) {
  const live = useUploadProgress();
  const sent = local.uploads.filter((upload) => upload.state === 'uploaded').length;
  const refused = local.uploads.filter((upload) => upload.state === 'refused');
  const held = local.uploads.find(isHeld);
  return (
    <li className="claims__local" data-testid="local-claim">
      {/* The order and its badge side by side, the badge under them on a narrow phone: no '·'
          left ending a line. */}
      <p className="claims__local-head">
        <strong>Order {local.draft.orderNumber}</strong>
        <StatusPill status="pending">
          {held ? claimMessages.claimUploadsHeld : claimMessages.claimWaitingToSend}
        </StatusPill>
      </p>
      <p data-testid="local-claim-progress">
        {sent} of {local.uploads.length} files sent
        {local.draft.state === 'queued' ? ' ·\u00a0claim queued' : ''}
      </p>
      <ul className="claims__files">
        {local.uploads.map((upload, index) => (
          <li key={upload.photoId} data-testid="local-claim-file">
            <FileProgressBar upload={upload} label={`File ${index + 1}`} live={live} />
          </li>
        ))}
      </ul>
      {refused.length > 0 && <p role="alert">{refused[0]?.error}</p>}
      {held && (
        <div className="claims__held" data-testid="local-claim-held">
          <p role="alert">{held.error}</p>
          <p>{claimMessages.uploadsHeldKept(HELD_RETRY_MS / 60_000)}</p>
          <Button
            variant="secondary"
            size="sm"
            onPress={() => void retryClaimUploads(db, local.draft.claimKey)}
          >
            {claimMessages.retryUploads}
          </Button>
        </div>
      )}
      {local.draft.rejected && <p role="alert">{local.draft.rejected}</p>}
    </li>
  );
}

function ClaimCard({
  claim,
  db,
  change,
}: {
  claim: Claim;
  db: AccountDb;
  change: MutationDoc | undefined;
}) {
  const [label, tone] = statusText[claim.status];
  return (
    <li className="claims__claim" data-testid="claim" data-claim={claim.key}>
      <header className="claims__header">
        <h2>Claim {claim.number}</h2>
        <StatusPill status={tone}>{label}</StatusPill>
        <span>{dotSeparated([countWords(claim.files.length, 'file'), claim.reason])}</span>
      </header>
      <ol className="claims__timeline" aria-label="Claim progress">
        {claimTimeline(claim).map((step) => (
          <li key={step.step} data-done={step.done}>
            {dotSeparated([
              stepText[step.step],
              step.at !== null && step.done && dateTime.format(step.at),
              step.step === 'credited' &&
                claim.credit_amount_cents !== null &&
                formatCents(claim.credit_amount_cents),
              step.step === 'declined' && claim.decline_reason,
            ])}
          </li>
        ))}
      </ol>
      <div className="claims__table-wrap sl-stacked-table-wrap">
        <table className="claims__table sl-stacked-table" role="table">
          <thead role="rowgroup">
            <tr role="row">
              {COLUMNS.map((column) => (
                <th key={column} scope="col" role="columnheader">
                  {COLUMN_LABELS[column]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {claim.items.map((item) => (
              <tr key={item.line_no} role="row">
                {COLUMNS.map((column) => (
                  <td key={column} role="cell" data-label={COLUMN_LABELS[column]}>
                    {cellText(claim, item, column)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ClaimActions db={db} claim={claim} change={change} />
    </li>
  );
}

/**
 * The buyer's claims (`/shopping/home/account/claims`): those still on this device with each
 * file's upload state, then the synced ones with their timeline and the spec's columns.
 */
export function ClaimsPage() {
  const db = useAccountDb();
  const { claims, loaded } = useClaims(db);
  const changes = useClaimChanges(db);
  const local = useLocalClaims(db).filter(
    (entry) => !claims.some((claim) => claim.key === entry.draft.claimKey),
  );
  // Spec §8: refusals that name an existing claim are collected apart, as duplicate claims.
  const { duplicates } = collectClaimErrors(
    local.map((entry) => ({
      process: entry.draft.rejected ? 'FAILED' : 'SUCCESS',
      error: entry.draft.rejected ?? null,
    })),
  );
  return (
    <section className="claims" aria-labelledby="claims-title">
      <div className="claims__top">
        <h1 id="claims-title">Your claims</h1>
        <ClaimProcessInfo />
      </div>
      {duplicates.length > 0 && (
        <section
          className="claims__duplicates"
          aria-labelledby="duplicate-claims-title"
          data-testid="duplicate-claims"
        >
          <h2 id="duplicate-claims-title">{claimMessages.duplicateClaimsTitle}</h2>
          <ul>
            {duplicates.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </section>
      )}
      {db && loaded && <OrphanClaimRefusals db={db} changes={changes} claims={claims} />}
      {!db ? (
        <EmptyState title="Log in to see your claims">
          Claims are kept with your account.
        </EmptyState>
      ) : !loaded ? (
        <Skeleton shape="block" height="6rem" />
      ) : claims.length === 0 && local.length === 0 ? (
        <EmptyState
          title="No claims"
          action={<LinkButton href="/shopping/home/account/orders">Your orders</LinkButton>}
        >
          File a claim from an order within 48 hours of its arrival.
        </EmptyState>
      ) : (
        <ul className="claims__list">
          {local.map((entry) => (
            <LocalClaimCard key={entry.draft.claimKey} local={entry} db={db} />
          ))}
          {claims.map((claim) => (
            <ClaimCard key={claim.key} claim={claim} db={db} change={changes.get(claim.key)} />
          ))}
        </ul>
      )}
    </section>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import {
  CLAIM_MIN_PHOTOS,
  CLAIM_MIN_VIDEOS,
  checkClaimFiles,
  claimableLines,
  claimLineCents,
  claimMessages,
  formatEtaDate,
  formatCents,
  nameWithLength,
  type Claim,
  type Order,
} from '@stemline/shared';
import { serverClock } from '../../api/server-clock';
import type { AccountDb } from '../../storage/account-db';
import { PhotoStorageFullError, saveClaimDraft } from '../../storage/claim-photo-db';
import { Button, Checkbox, dotSeparated, ModalDialog, NumberField, showToast } from '../../ui';
import { orderLineLabel } from '../orders/order-line-label';
import { ClaimReasonFields, type ClaimReason } from './claim-reason-fields';
import { kickClaimUploads, photoDbOf } from './claim-uploads';
import { compressPhoto } from './compress-photo';
import { countWords } from '../../ui/count-words';

/** Spec §5 types; the server checks the content again. */
const ACCEPTED = [
  'image/png',
  'image/jpeg',
  'video/mp4',
  'video/x-msvideo',
  'video/quicktime',
  'video/x-ms-wmv',
  'video/x-m4v',
  'video/webm',
];

interface PickedFile {
  id: string;
  blob: Blob;
  kind: 'image' | 'video';
  name: string;
  url: string;
}

/** Each step's heading, which takes focus when the step changes so that the change is heard. */
const STEP_TITLES = {
  1: 'Damaged lines',
  2: 'Reason and photos',
  3: 'Review',
} as const;

/** 'stems', 'bunches': a unit of measure in the plural. */
function unitsWord(count: number, uom: string): string {
  return countWords(count, uom, uom === 'bunch' ? 'bunches' : undefined);
}

function claimKey(): string {
  return `cl-${crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`;
}

/**
 * The request-claim modal of spec §2, in three steps: 1, the arrived lines and the units of
 * each; 2, the reason and the photos or videos (the device camera or picked files); 3, review and
 * submit. Submitting keeps the claim and its files on this device first (offline too); the
 * uploader sends the files, then the claim.
 */
export function RequestClaimModal({
  db,
  order,
  claims,
  isOpen,
  onOpenChange,
}: {
  db: AccountDb;
  order: Order;
  claims: readonly Claim[];
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [step, setStep] = useState<1 | 2 | 3>(1);
  // Next, Next: review and Back leave with their step: focus goes to the new step's heading
  // rather than falling to Close, and a screen reader reads where the buyer now is.
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const stepMoved = useRef(false);
  const goToStep = (next: 1 | 2 | 3) => {
    stepMoved.current = true;
    setStep(next);
  };
  useEffect(() => {
    if (!stepMoved.current) return;
    stepMoved.current = false;
    stepHeading.current?.focus();
  }, [step]);
  const [units, setUnits] = useState<Map<number, number>>(new Map());
  const [reason, setReason] = useState<ClaimReason>('Broken stems');
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [busy, setBusy] = useState(false);
  const lines = useMemo(
    () => claimableLines(order, [...claims], serverClock.now()),
    [order, claims],
  );
  const claimable = lines.filter((line) => line.claimable);

  // Photo previews are object URLs of blobs: released when the modal lets them go.
  useEffect(() => () => files.forEach((file) => URL.revokeObjectURL(file.url)), [files]);

  const chosen = [...units].filter(([, count]) => count > 0);
  const filesCheck = checkClaimFiles(files);
  const lineOf = (lineNo: number) => lines.find((candidate) => candidate.line_no === lineNo);
  const totalCents = chosen.reduce((sum, [lineNo, count]) => {
    const line = lineOf(lineNo);
    return line ? sum + claimLineCents(line, count) : sum;
  }, 0);

  async function addFiles(list: FileList | null) {
    if (!list) return;
    setBusy(true);
    const added: PickedFile[] = [];
    for (const file of Array.from(list)) {
      const kind = file.type.startsWith('video/') ? 'video' : 'image';
      const blob = kind === 'image' ? await compressPhoto(file) : file;
      added.push({
        id: crypto.randomUUID(),
        blob,
        kind,
        name: file.name,
        url: URL.createObjectURL(blob),
      });
    }
    setFiles((current) => [...current, ...added]);
    setBusy(false);
  }

  async function submit(close: () => void) {
    setBusy(true);
    const key = claimKey();
    try {
      await saveClaimDraft(
        photoDbOf(db),
        {
          claimKey: key,
          orderNumber: order.number,
          args: {
            claim_key: key,
            order_key: order.key,
            lines: chosen.map(([line_no, count]) => ({ line_no, units: count })),
            reason,
            comment,
          },
        },
        files.map(({ blob, kind, name }) => ({ blob, kind, name })),
      );
    } catch (error) {
      setBusy(false);
      showToast({
        title:
          error instanceof PhotoStorageFullError
            ? claimMessages.photosNotSaved
            : claimMessages.claimNotSaved,
        variant: 'error',
      });
      return;
    }
    kickClaimUploads(db);
    showToast({
      title: navigator.onLine
        ? claimMessages.claimSending
        : claimMessages.photosWaiting(files.length),
    });
    setBusy(false);
    setStep(1);
    setUnits(new Map());
    setFiles([]);
    setComment('');
    close();
  }

  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={claimMessages.requestClaimTitle}
      subtitle={dotSeparated([`Order ${order.number}`, `step ${step} of 3`])}
      size="lg"
      className="request-claim"
      footer={({ close }) => (
        <div className="request-claim__actions">
          {step > 1 && (
            <Button variant="secondary" onPress={() => goToStep((step - 1) as 1 | 2)}>
              Back
            </Button>
          )}
          {step === 1 && (
            <Button isDisabled={chosen.length === 0} onPress={() => goToStep(2)}>
              Next: reason and photos
            </Button>
          )}
          {step === 2 && (
            <Button isDisabled={!filesCheck.ok || busy} onPress={() => goToStep(3)}>
              Next: review
            </Button>
          )}
          {step === 3 && (
            <Button isDisabled={busy} onPress={() => void submit(close)}>
              Submit claim
            </Button>
          )}
        </div>
      )}
    >
      <h3 ref={stepHeading} tabIndex={-1} className="request-claim__step">
        Step {step} of 3: {STEP_TITLES[step]}
      </h3>
      {step === 1 && (
        <fieldset className="request-claim__lines">
          <legend>Choose the arrived lines and how many units of each were damaged</legend>
          {lines.map((line) => {
            const count = units.get(line.line_no) ?? 0;
            return (
              <div
                key={line.line_no}
                className="request-claim__line"
                data-testid="claim-line"
                data-line={line.line_no}
                data-box={line.box_key ?? undefined}
              >
                <Checkbox
                  isDisabled={!line.claimable}
                  isSelected={count > 0}
                  onChange={(selected) =>
                    setUnits((current) => new Map(current).set(line.line_no, selected ? 1 : 0))
                  }
                >
                  {orderLineLabel(line)}
                  {line.box_key !== null && ' ·\u00a0custom box'}
                </Checkbox>
                {line.claimable ? (
                  <NumberField
                    label={`Units of ${nameWithLength(line.variety_name, line.length)} (at most ${unitsWord(line.units_delivered, line.uom)})`}
                    minValue={0}
                    maxValue={line.units_delivered}
                    value={count}
                    onChange={(value) =>
                      setUnits((current) =>
                        new Map(current).set(line.line_no, Number.isFinite(value) ? value : 0),
                      )
                    }
                  />
                ) : (
                  <p className="request-claim__why">{line.reason}</p>
                )}
              </div>
            );
          })}
          {claimable.length === 0 && <p>Nothing on this order can be claimed now.</p>}
        </fieldset>
      )}
      {step === 2 && (
        <div className="request-claim__evidence">
          <ClaimReasonFields
            reason={reason}
            onReasonChange={setReason}
            comment={comment}
            onCommentChange={setComment}
          />
          <p>
            Show the damaged stems and the box label: at least {CLAIM_MIN_PHOTOS} photos or{' '}
            {CLAIM_MIN_VIDEOS} video.
          </p>
          <div className="request-claim__pickers">
            <FileTrigger
              acceptedFileTypes={['image/png', 'image/jpeg']}
              defaultCamera="environment"
              onSelect={(list) => void addFiles(list)}
            >
              <Button variant="secondary">Take a photo</Button>
            </FileTrigger>
            <FileTrigger
              acceptedFileTypes={ACCEPTED}
              allowsMultiple
              onSelect={(list) => void addFiles(list)}
            >
              <Button variant="secondary">Choose photos or videos</Button>
            </FileTrigger>
          </div>
          <p aria-live="polite" data-testid="claim-file-count">
            {countWords(files.filter((file) => file.kind === 'image').length, 'photo')},{' '}
            {countWords(files.filter((file) => file.kind === 'video').length, 'video')}
            {!filesCheck.ok && ` — ${filesCheck.message}`}
          </p>
          <ul className="request-claim__thumbs">
            {files.map((file) => (
              <li key={file.id}>
                {file.kind === 'image' ? (
                  <img src={file.url} alt={file.name} width={96} height={96} />
                ) : (
                  <span>{file.name}</span>
                )}
                <Button
                  variant="quiet"
                  size="sm"
                  aria-label={`Remove ${file.name}`}
                  onPress={() =>
                    setFiles((current) => current.filter((item) => item.id !== file.id))
                  }
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {step === 3 && (
        <div className="request-claim__review">
          <ul>
            {chosen.map(([lineNo, count]) => {
              const line = lineOf(lineNo);
              return (
                <li key={lineNo}>
                  {line?.variety_name}:{' '}
                  {dotSeparated([
                    unitsWord(count, line?.uom ?? 'unit'),
                    formatEtaDate(line?.eta_date ?? 0),
                  ])}
                </li>
              );
            })}
          </ul>
          <p>Reason: {reason}</p>
          {comment && <p>{comment}</p>}
          <p>
            {dotSeparated([
              countWords(files.length, 'file'),
              `claim value ${formatCents(totalCents)}`,
            ])}
          </p>
          <p>Your files are kept on this device and sent as soon as you are online.</p>
        </div>
      )}
    </ModalDialog>
  );
}

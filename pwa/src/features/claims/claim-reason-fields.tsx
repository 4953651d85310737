import { CLAIM_REASONS } from '@stemline/shared';
import { Select, SelectItem, TextField } from '../../ui';

/** One of the spec's claim reasons. */
export type ClaimReason = (typeof CLAIM_REASONS)[number];

/** A claim's reason (spec's list) and what happened, as filed (request-claim-modal) and edited. */
export function ClaimReasonFields({
  reason,
  onReasonChange,
  comment,
  onCommentChange,
}: {
  reason: ClaimReason;
  onReasonChange: (reason: ClaimReason) => void;
  comment: string;
  onCommentChange: (comment: string) => void;
}) {
  return (
    <>
      <Select
        label="Reason"
        selectedKey={reason}
        onSelectionChange={(key) => {
          const found = CLAIM_REASONS.find((candidate) => candidate === key);
          if (found) onReasonChange(found);
        }}
        items={CLAIM_REASONS.map((name) => ({ id: name, name }))}
      >
        {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
      </Select>
      <TextField
        label="What happened (optional)"
        value={comment}
        onChange={onCommentChange}
        maxLength={1000}
      />
    </>
  );
}

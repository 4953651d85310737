import {
  CLAIM_ERROR_MESSAGE_MAX,
  isDuplicateClaimError,
  type ClaimErrorProps,
} from '@stemline/shared';
import type { ClaimDraft } from '../../storage/claim-photo-db';

/** A push's rejection code (shared `rejectionCodeSchema`), as the event's schema takes it. */
const REJECTION_CODE = /^[a-z_]{1,32}$/;

/**
 * Spec §8: the `claim_error` event staff get for a claim the server refused: the claim, its
 * order and lines, and the server's words. Null for a duplicate claim ('existing claim'): the
 * claims page collects those as duplicate-claim messages instead (shared `collectClaimErrors`).
 */
export function claimErrorEvent(
  draft: Pick<ClaimDraft, 'claimKey' | 'orderNumber' | 'args'>,
  refusal: { code?: string | undefined; message: string },
): ClaimErrorProps | null {
  if (isDuplicateClaimError(refusal.message)) return null;
  return {
    name: 'claim_error',
    claim_key: draft.claimKey,
    order_key: draft.args.order_key,
    order_number: draft.orderNumber.slice(0, 64),
    line_nos: draft.args.lines.map((line) => line.line_no),
    ...(refusal.code !== undefined && REJECTION_CODE.test(refusal.code) && { code: refusal.code }),
    message: refusal.message.slice(0, CLAIM_ERROR_MESSAGE_MAX) || 'Refused',
  };
}

import {
  CLAIM_MAX_FILES,
  CLAIM_MIN_PHOTOS,
  CLAIM_MIN_VIDEOS,
  CLAIM_WINDOW_HOURS,
} from '../constants';
import { claimMessages } from '../messages';
import type { Claim, ClaimFile } from '../schemas/claims';
import type { Order, OrderLine } from '../schemas/orders';
import type { RejectionCode } from '../schemas/sync';
import { claimRows, type ClaimRow } from './claim-rows';
import { rowJourney, type ArrivalFlag } from './order-life';
import { unitsPerBox } from './pricing';

export const CLAIM_WINDOW_MS = CLAIM_WINDOW_HOURS * 3600_000;

/** Claims that still hold their lines: every claim not declined (a withdrawn one is deleted). */
export function isOpenClaim(claim: Pick<Claim, 'status'>): boolean {
  return claim.status !== 'declined';
}

/** Units delivered on an order line (stems, or bunches when sold by the bunch). */
export function unitsDelivered(line: OrderLine): number {
  return line.boxes * unitsPerBox(line);
}

/**
 * What one order line or custom-box bunch line offers a claim at a clock reading: the claims
 * screen's step 1.
 */
export interface ClaimableLine extends Pick<
  ClaimRow,
  | 'line_no'
  | 'box_key'
  | 'variety_name'
  | 'grower_name'
  | 'length'
  | 'uom'
  | 'eta_date'
  | 'stem_price_cents'
  | 'units_delivered'
> {
  arrival: ArrivalFlag;
  arrived_at: number | null;
  /** The end of the claim window; null until the line has arrived. */
  deadline: number | null;
  /** The claim already holding this line, if any. */
  open_claim: string | null;
  claimable: boolean;
  /** Why not, in the buyer's words; null when claimable. */
  reason: string | null;
}

/**
 * Each line of an order, custom boxes' bunch lines included, and whether, and until when, it can
 * be claimed.
 */
export function claimableLines(
  order: Order,
  claims: readonly Claim[],
  nowMs: number,
  ignoreClaim: string | null = null,
): ClaimableLine[] {
  const holders = new Map<number, string>();
  for (const claim of claims) {
    if (claim.order_key !== order.key || claim.key === ignoreClaim || !isOpenClaim(claim)) continue;
    for (const item of claim.items) holders.set(item.line_no, claim.number);
  }
  return claimRows(order).map((line) => {
    const journey = rowJourney(line.journey, order, line.row_id, nowMs);
    const deadline = journey.arrived_at === null ? null : journey.arrived_at + CLAIM_WINDOW_MS;
    const holder = holders.get(line.line_no) ?? null;
    const reason =
      line.journey.status === 'cancelled'
        ? claimMessages.lineCancelled(line.variety_name)
        : journey.arrival !== 'ARRIVED' || deadline === null
          ? claimMessages.notArrived(line.variety_name)
          : nowMs > deadline
            ? claimMessages.windowClosed(line.variety_name, CLAIM_WINDOW_HOURS)
            : holder !== null
              ? claimMessages.duplicateClaim(line.variety_name)
              : null;
    return {
      line_no: line.line_no,
      box_key: line.box_key,
      variety_name: line.variety_name,
      grower_name: line.grower_name,
      length: line.length,
      uom: line.uom,
      eta_date: line.eta_date,
      stem_price_cents: line.stem_price_cents,
      arrival: journey.arrival,
      arrived_at: journey.arrived_at,
      deadline,
      units_delivered: line.units_delivered,
      open_claim: holder,
      claimable: reason === null,
      reason,
    };
  });
}

/** The latest claim deadline of an order still open at `nowMs`, or null: the orders screen. */
export function claimOpenUntil(
  order: Order,
  claims: readonly Claim[],
  nowMs: number,
): number | null {
  const open = claimableLines(order, claims, nowMs).filter((line) => line.claimable);
  return open.length === 0 ? null : Math.max(...open.map((line) => line.deadline ?? 0));
}

export type ClaimCheck =
  { ok: true } | { ok: false; code: RejectionCode; message: string; line_no: number | null };

/** Whether the files prove the damage: at least 4 photos or 1 video, and not too many. */
export function checkClaimFiles(files: readonly Pick<ClaimFile, 'kind'>[]): ClaimCheck {
  if (files.length > CLAIM_MAX_FILES)
    return {
      ok: false,
      code: 'invalid_args',
      message: claimMessages.tooManyFiles(CLAIM_MAX_FILES),
      line_no: null,
    };
  const photos = files.filter((file) => file.kind === 'image').length;
  const videos = files.filter((file) => file.kind === 'video').length;
  if (photos >= CLAIM_MIN_PHOTOS || videos >= CLAIM_MIN_VIDEOS) return { ok: true };
  return {
    ok: false,
    code: 'invalid_args',
    message: claimMessages.needsPhotos(CLAIM_MIN_PHOTOS, CLAIM_MIN_VIDEOS),
    line_no: null,
  };
}

/**
 * Whether the lines may be claimed on `order` at `nowMs`: each on the order, once, arrived, within
 * 48 hours of arrival, not held by another open claim (`claimKey` itself excepted), and no more
 * units than were delivered. The first problem wins.
 */
export function checkClaimLines(
  order: Order,
  lines: readonly { line_no: number; units: number }[],
  claims: readonly Claim[],
  nowMs: number,
  claimKey: string | null,
): ClaimCheck {
  if (lines.length === 0)
    return {
      ok: false,
      code: 'invalid_args',
      message: claimMessages.lineNotOnOrder,
      line_no: null,
    };
  const offers = new Map(
    claimableLines(order, claims, nowMs, claimKey).map((line) => [line.line_no, line]),
  );
  const seen = new Set<number>();
  for (const wanted of lines) {
    const offer = offers.get(wanted.line_no);
    if (!offer)
      return {
        ok: false,
        code: 'not_found',
        message: claimMessages.lineNotOnOrder,
        line_no: wanted.line_no,
      };
    if (seen.has(wanted.line_no))
      return {
        ok: false,
        code: 'invalid_args',
        message: claimMessages.lineTwice,
        line_no: wanted.line_no,
      };
    seen.add(wanted.line_no);
    if (!offer.claimable)
      return {
        ok: false,
        code: 'conflict',
        message: offer.reason ?? claimMessages.lineNotOnOrder,
        line_no: wanted.line_no,
      };
    if (
      !Number.isInteger(wanted.units) ||
      wanted.units < 1 ||
      wanted.units > offer.units_delivered
    ) {
      return {
        ok: false,
        code: 'invalid_quantity',
        message: claimMessages.tooManyUnits(offer.variety_name, offer.units_delivered, offer.uom),
        line_no: wanted.line_no,
      };
    }
  }
  return { ok: true };
}

/** The claim's value of one line, in whole cents: the units claimed at the unit price charged. */
export function claimLineCents(line: Pick<OrderLine, 'stem_price_cents'>, units: number): number {
  return line.stem_price_cents * units;
}

/** Spec §8: which claim errors are duplicate-claim messages (they contain 'existing claim'). */
export function isDuplicateClaimError(error: string | null | undefined): boolean {
  return typeof error === 'string' && error.toLowerCase().includes('existing claim');
}

/**
 * Spec §8: a claim answer's item errors, split into duplicate-claim messages and the other
 * failures (logged as claim error events).
 */
export function collectClaimErrors(results: readonly { process: string; error: string | null }[]): {
  duplicates: string[];
  failures: string[];
} {
  const duplicates: string[] = [];
  const failures: string[] = [];
  for (const result of results) {
    if (result.process !== 'FAILED' || !result.error) continue;
    (isDuplicateClaimError(result.error) ? duplicates : failures).push(result.error);
  }
  return { duplicates, failures };
}

/** A claim's timeline for the buyer: submitted → in review → credited or declined. */
export function claimTimeline(claim: Claim): {
  step: 'submitted' | 'in_review' | 'credited' | 'declined';
  at: number | null;
  done: boolean;
}[] {
  const decided = claim.status === 'credited' || claim.status === 'declined';
  return [
    { step: 'submitted', at: claim.submitted_at, done: true },
    { step: 'in_review', at: claim.reviewed_at, done: claim.status !== 'submitted' },
    {
      step: claim.status === 'declined' ? 'declined' : 'credited',
      at: claim.decided_at,
      done: decided,
    },
  ];
}

import { AsyncLocalStorage } from 'node:async_hooks';
import {
  checkClaimFiles,
  checkClaimLines,
  claimableLines,
  claimLineCents,
  claimRows,
  claimMessages,
  claimCreditCapCents,
  creditMessages,
  formatCents,
  rowJourney,
  type Claim,
  type ClaimFinishArgs,
  type ClaimItem,
  type ClaimResult,
  type Order,
} from '@stemline/shared';
import { createAccountCredit } from '../account-ledger/account-credit';
import type { AppContext } from '../app-context';
import { applied, rejected, type Outcome } from '../kernel/outcome';

/**
 * Runs a function outside any transaction: in the async context of this module's loading, where
 * no transaction is current, so the engine runs its statements on their own.
 */
const outsideTransactions = AsyncLocalStorage.snapshot();

/** A claim rule's outcome, with the spec's per-item results (§3) on both success and refusal. */
export type ClaimOutcome = Outcome<Claim> & { results: ClaimResult[] };

/**
 * The claim rules of the server (shared `rules/claims.ts` decides; this reads and writes): file
 * or change a claim, withdraw it before review, and staff's review. Each runs inside the caller's
 * transaction; a refusal writes nothing but leaves a claim error event (spec §8) after it.
 */
export function createClaims(app: AppContext) {
  const { orders, claims } = app.repos;
  const { uploads } = app.services;
  const credit = createAccountCredit(app.engine);
  const productGroup = (varietyKey: string) => claims.productGroupOf(varietyKey);

  async function results(
    order: Order,
    lineNos: number[],
    error: { line_no: number | null; message: string } | null,
  ): Promise<ClaimResult[]> {
    const now = app.now();
    const rows = claimRows(order);
    const answer: ClaimResult[] = [];
    for (const lineNo of lineNos) {
      const line = rows.find((candidate) => candidate.line_no === lineNo);
      const failed = error !== null && (error.line_no === null || error.line_no === lineNo);
      answer.push({
        arrival: line ? rowJourney(line.journey, order, line.row_id, now).arrival : 'NOT_ARRIVED',
        po: order.number,
        order: order.key,
        product_group: line ? await productGroup(line.variety_key) : '',
        process: failed ? 'FAILED' : 'SUCCESS',
        error: failed ? error.message : null,
      });
    }
    return answer;
  }

  async function refuse(
    customerKey: string,
    claimKey: string,
    order: Order | undefined,
    lineNos: number[],
    check: { code: Parameters<typeof rejected>[0]; message: string; line_no: number | null },
  ): Promise<ClaimOutcome> {
    // Logged outside the caller's transaction, once it has ended (it waits for the connection
    // on SQLite; its own connection on PostgreSQL), so a refused claim still leaves its event.
    const at = app.now();
    setImmediate(() => {
      outsideTransactions(() =>
        claims.logError(customerKey, claimKey, check.line_no, check.message, at),
      ).catch((failure: unknown) => console.error('[stemline] claim event failed:', failure));
    });
    return {
      ...rejected<Claim>(check.code, check.message),
      results: order ? await results(order, lineNos, check) : [],
    };
  }

  /** `claim_finish` (submit) and `claim_update` (change before review) share one rule. */
  async function file(
    customerKey: string,
    args: ClaimFinishArgs,
    mode: 'finish' | 'update',
  ): Promise<ClaimOutcome> {
    const lineNos = args.lines.map((line) => line.line_no);
    const owner = await claims.ownerOf(args.claim_key);
    const existing = await claims.get(customerKey, args.claim_key);
    if (owner !== undefined && owner !== customerKey)
      return refuse(customerKey, args.claim_key, undefined, lineNos, {
        code: 'not_found',
        message: claimMessages.claimNotFound,
        line_no: null,
      });
    if (mode === 'update' && !existing)
      return refuse(customerKey, args.claim_key, undefined, lineNos, {
        code: 'not_found',
        message: claimMessages.claimNotFound,
        line_no: null,
      });
    if (existing && existing.status !== 'submitted')
      return refuse(customerKey, args.claim_key, undefined, lineNos, {
        code: 'conflict',
        message: claimMessages.claimLocked,
        line_no: null,
      });
    if (existing && existing.order_key !== args.order_key)
      return refuse(customerKey, args.claim_key, undefined, lineNos, {
        code: 'invalid_args',
        message: claimMessages.lineNotOnOrder,
        line_no: null,
      });
    const order = await orders.get(customerKey, args.order_key);
    if (!order)
      return refuse(customerKey, args.claim_key, undefined, lineNos, {
        code: 'not_found',
        message: claimMessages.orderNotFound,
        line_no: null,
      });
    const now = app.now();
    const linesCheck = checkClaimLines(
      order,
      args.lines,
      await claims.ofOrder(customerKey, order.key),
      now,
      args.claim_key,
    );
    if (!linesCheck.ok) return refuse(customerKey, args.claim_key, order, lineNos, linesCheck);
    const folder = await uploads.folder(customerKey, args.folder_key);
    if (!folder)
      return refuse(customerKey, args.claim_key, order, lineNos, {
        code: 'not_found',
        message: claimMessages.folderNotFound,
        line_no: null,
      });
    const files = (await uploads.filesIn(customerKey, folder.key)).map((upload) => ({
      key: upload.key,
      kind: upload.kind,
      type: upload.ext,
      bytes: upload.bytes,
    }));
    const filesCheck = checkClaimFiles(files);
    if (!filesCheck.ok) return refuse(customerKey, args.claim_key, order, lineNos, filesCheck);

    const offers = new Map(claimableLines(order, [], now).map((line) => [line.line_no, line]));
    const rows = claimRows(order);
    const items: ClaimItem[] = [];
    for (const wanted of args.lines) {
      const line = rows.find((candidate) => candidate.line_no === wanted.line_no);
      const offer = offers.get(wanted.line_no);
      if (!line || !offer || offer.arrived_at === null) throw new Error('checked line vanished');
      items.push({
        line_no: line.line_no,
        box_key: line.box_key,
        arrival_date: line.eta_date,
        arrived_at: offer.arrived_at,
        grower: line.grower_name,
        uom: line.uom,
        units_delivered: line.units_delivered,
        units_to_be_claimed: wanted.units,
        product_group: await productGroup(line.variety_key),
        // The catalogue grades a variety by its name and length; the list shows both columns.
        variety_grade: line.variety_name,
        length: line.length,
        unit_price_cents: line.stem_price_cents,
        total_claim_cents: claimLineCents(line, wanted.units),
        process: 'SUCCESS',
        error: null,
      });
    }
    const seq = await app.changes.next();
    const claim: Claim = {
      key: args.claim_key,
      number: existing?.number ?? `CL-${String(seq).padStart(6, '0')}`,
      order_key: order.key,
      po: order.number,
      status: 'submitted',
      reason: args.reason,
      comment: args.comment,
      items,
      files,
      folder_key: folder.key,
      total_claim_cents: items.reduce((sum, item) => sum + item.total_claim_cents, 0),
      created_at: existing?.created_at ?? now,
      submitted_at: existing?.submitted_at ?? now,
      reviewed_at: null,
      decided_at: null,
      credit_amount_cents: null,
      decline_reason: null,
    };
    await claims.save(customerKey, claim, seq);
    const message = existing
      ? claimMessages.claimUpdated(claim.number)
      : claimMessages.claimSubmitted(claim.number);
    return {
      ...applied(claim, ['claims'], message),
      results: await results(order, lineNos, null),
    };
  }

  return {
    finish: (customerKey: string, args: ClaimFinishArgs) => file(customerKey, args, 'finish'),
    update: (customerKey: string, args: ClaimFinishArgs) => file(customerKey, args, 'update'),
    /** The caller's claim, or undefined for another customer's key as for an unknown one. */
    detail: (customerKey: string, claimKey: string) => claims.get(customerKey, claimKey),
    /** What of an order can be claimed now (spec `claim_setup`). */
    async setup(customerKey: string, orderKey: string) {
      const order = await orders.get(customerKey, orderKey);
      if (!order) return undefined;
      return {
        order,
        lines: claimableLines(order, await claims.ofOrder(customerKey, orderKey), app.now()),
      };
    },
    /** Withdraws a claim not yet in review; its lines can be claimed again. */
    async withdraw(customerKey: string, claimKey: string): Promise<Outcome<Claim>> {
      const claim = await claims.get(customerKey, claimKey);
      if (!claim) return rejected('not_found', claimMessages.claimNotFound);
      if (claim.status !== 'submitted') return rejected('conflict', claimMessages.claimLocked);
      await claims.delete(customerKey, claimKey, await app.changes.next());
      return applied(claim, ['claims'], claimMessages.claimWithdrawn(claim.number));
    },
    /** Staff: into review, or decided with a credit or a reason. */
    async review(
      customerKey: string,
      claimKey: string,
      decision:
        | { decision: 'in_review' }
        | { decision: 'credited'; amount_cents: number }
        | { decision: 'declined'; reason: string },
    ): Promise<Outcome<Claim>> {
      const claim = await claims.get(customerKey, claimKey);
      if (!claim) return rejected('not_found', claimMessages.claimNotFound);
      if (claim.status === 'credited' || claim.status === 'declined')
        return rejected('conflict', claimMessages.claimLocked);
      const cents = decision.decision === 'credited' ? decision.amount_cents : null;
      if (cents !== null && (!Number.isInteger(cents) || cents < 1))
        return rejected('invalid_args', creditMessages.creditTooSmall);
      // A claim is worth what was claimed on it; staff may credit less, never more.
      const capCents = claimCreditCapCents(claim.items);
      if (cents !== null && cents > capCents)
        return rejected('invalid_args', creditMessages.creditAboveClaim(formatCents(capCents)));
      const now = app.now();
      const reviewed = { ...claim, reviewed_at: claim.reviewed_at ?? now };
      const next: Claim =
        decision.decision === 'in_review'
          ? { ...reviewed, status: 'in_review' }
          : decision.decision === 'credited'
            ? {
                ...reviewed,
                status: 'credited',
                decided_at: now,
                credit_amount_cents: cents,
              }
            : { ...reviewed, status: 'declined', decided_at: now, decline_reason: decision.reason };
      await claims.save(customerKey, next, await app.changes.next());
      // The amount goes on the buyer's balance in the same transaction; checkout takes it off.
      if (cents !== null) await credit.creditClaim(customerKey, next, cents, now);
      const message =
        next.status === 'credited'
          ? claimMessages.claimCredited(next.number, formatCents(next.credit_amount_cents ?? 0))
          : next.status === 'declined'
            ? claimMessages.claimDeclined(next.number, next.decline_reason ?? '')
            : claimMessages.claimInReview(next.number);
      return applied(next, ['claims'], message);
    },
  };
}
export type Claims = ReturnType<typeof createClaims>;

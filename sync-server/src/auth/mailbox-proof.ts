import type { Context, Middleware } from 'koa';
import {
  addToCartArgsSchema,
  boxChangesArgsSchema,
  cartLineKey,
  deleteBoxesArgsSchema,
  guestMessages,
  type Mutation,
  type MutationName,
  type MutationResult,
  type PushAnswer,
  type PushRequest,
  type SyncedCollection,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { DomainError } from '../kernel/domain-error';
import type { SyncedDocument } from '../db/synced-table';
import { runAsSession } from './acting-session';
import { authClaims } from './require-auth';
import type { TokenClaims } from './tokens';

/**
 * What a session made from an email alone may reach (issue 21 point 2). Anyone can type an
 * email, so such a session (guest sign-in, token claim `mailbox_verified: false`) may browse
 * with prices and build a NEW cart, and nothing more: the cards, addresses, orders, favourites
 * and cart the email already owns, ordering and upgrading the account wait for proof of the
 * mailbox (the spec §4 verification link, which signs a session without the claim). Every gate
 * asks this module: Koa's protected routes (`mailboxProofGate`), the sync pull
 * (`emailOnlyPullFilter`) and the sync push (`createProofCheckedPush`).
 */
export function isEmailOnly(claims: TokenClaims): boolean {
  return claims.mailbox_verified === false;
}

/** The refusal an email-only session gets, over REST and in a push result. */
export function mailboxUnproven(): DomainError {
  return new DomainError('forbidden', guestMessages.confirmEmailFirst);
}

/**
 * Protected calls that browse the catalogue with prices. The cart is filled through the sync
 * push, which screens each mutation (below); the REST add and preference calls answer the
 * whole cart and every preference, so they wait for the proof.
 */
const EMAIL_ONLY_PATHS: readonly RegExp[] = [
  /^\/api\/catalog\//,
  /^\/api\/availability\//,
  /^\/api\/variety\//,
  /^\/api\/disclaimers\/?$/,
  /^\/api\/load_all_by_model\/?$/,
  // Whether a zip code is delivered, and the app's analytics: nothing of the account either way.
  /^\/api\/customer\/zipcode_available\/?$/,
  /^\/api\/event\/?$/,
  // Each of these answers an email-only session with what it may see (below).
  /^\/api\/sync\/(push|stream|pull\/[a-z_]+)\/?$/,
  // The products taken out of its own lines only (cart/deleted-products-routes.ts).
  /^\/api\/customer\/(get_customer_delete_products|delete_product)\/?$/,
];

/** Run operations that need no proof: signing in, and asking for the verification mail. */
const EMAIL_ONLY_RUN_KEYS: ReadonlySet<string> = new Set([
  'validate',
  'login',
  'guest_sign_in',
  'verify_email_account',
  'send_email_verification',
]);

function allowedEmailOnly(ctx: Context): boolean {
  if (ctx.path === '/api/cs/run' || ctx.path === '/api/cs/run/') {
    const key = (ctx.request.body as { key?: unknown } | undefined)?.key;
    return typeof key === 'string' && EMAIL_ONLY_RUN_KEYS.has(key);
  }
  return EMAIL_ONLY_PATHS.some((path) => path.test(ctx.path));
}

/**
 * Koa gate after the token gate: an email-only session's call outside what it may make is
 * refused (403, `guestMessages.confirmEmailFirst`) before any route reads or writes; the others
 * run as their session (acting-session.ts).
 */
export function mailboxProofGate(): Middleware {
  return async (ctx, next) => {
    const emailOnly = isEmailOnly(authClaims(ctx));
    if (emailOnly && !allowedEmailOnly(ctx)) throw mailboxUnproven();
    await runAsSession({ emailOnly }, next);
  };
}

/** A document the email-only session itself made: added (or written) since it began. */
function madeSince(field: string, since: number) {
  return (doc: SyncedDocument): boolean => {
    const at = doc[field];
    return typeof at === 'number' && at >= since;
  };
}

/**
 * Which pulled documents an email-only session sees: only the cart lines and notices made since
 * it began; nothing of the cards, addresses, orders, favourites and custom boxes. Undefined for
 * a proven session (it sees all). The checkpoint still moves on: the app keeps an email-only
 * session's copy in a database of its own and pulls from the start once proven.
 */
export function emailOnlyPullFilter(
  claims: TokenClaims,
  collection: SyncedCollection,
): ((doc: SyncedDocument) => boolean) | undefined {
  if (!isEmailOnly(claims)) return undefined;
  const since = claims.since ?? Number.POSITIVE_INFINITY;
  if (collection === 'cart_lines') return madeSince('added_at', since);
  if (collection === 'notices') return madeSince('created_at', since);
  return () => false;
}

/** Queued mutations an email-only session may push: a new cart, its edits, its date choice. */
const EMAIL_ONLY_MUTATIONS: ReadonlySet<MutationName> = new Set<MutationName>([
  'add_to_cart',
  'execute_box_changes',
  'delete_boxes',
  'update_preferences',
]);

/**
 * The sync push with the email-only rule, given the request already validated: a proven
 * session's push goes straight to `push`; an email-only session's mutations outside
 * `EMAIL_ONLY_MUTATIONS`, or adding to or editing a cart line it did not add, are answered
 * rejected (`email_unverified`) and never run; the others run as usual (malformed args are left
 * to the handler, which rejects them).
 */
export function createProofCheckedPush(
  app: AppContext,
  push: (customerKey: string, request: PushRequest) => Promise<PushAnswer>,
): (claims: TokenClaims, customerKey: string, request: PushRequest) => Promise<PushAnswer> {
  const { cart } = app.repos;
  const ownLine = async (customerKey: string, since: number, key: string): Promise<boolean> => {
    // A doc of any age: `added_at` is checked, not trusted to be there.
    const line: { added_at?: unknown } | undefined = await cart.line(customerKey, key);
    return line === undefined || (typeof line.added_at === 'number' && line.added_at >= since);
  };
  const ownLines = async (customerKey: string, since: number, keys: string[]) => {
    for (const key of keys) if (!(await ownLine(customerKey, since, key))) return false;
    return true;
  };
  const mayRun = async (customerKey: string, since: number, mutation: Mutation) => {
    if (!EMAIL_ONLY_MUTATIONS.has(mutation.name)) return false;
    if (mutation.name === 'add_to_cart') {
      // A line is one per price row and date: adding to a line the email already had would
      // change the existing cart, so the session names its row and the line must be its own.
      const args = addToCartArgsSchema.safeParse(mutation.args);
      if (!args.success) return true;
      const row = args.data.inventory_key;
      return (
        row !== undefined &&
        (await ownLine(customerKey, since, cartLineKey(row, args.data.eta_date, args.data.address)))
      );
    }
    if (mutation.name === 'execute_box_changes') {
      const args = boxChangesArgsSchema.safeParse(mutation.args);
      return (
        !args.success ||
        (await ownLines(
          customerKey,
          since,
          args.data.changes.map((change) => change.key),
        ))
      );
    }
    if (mutation.name === 'delete_boxes') {
      const args = deleteBoxesArgsSchema.safeParse(mutation.args);
      return !args.success || (await ownLines(customerKey, since, args.data.keys));
    }
    return true;
  };
  return async (claims, customerKey, request) => {
    if (!isEmailOnly(claims)) return push(customerKey, request);
    const since = claims.since ?? Number.POSITIVE_INFINITY;
    const allowed: Mutation[] = [];
    for (const mutation of request.mutations)
      if (await mayRun(customerKey, since, mutation)) allowed.push(mutation);
    const ran =
      allowed.length > 0
        ? (await push(customerKey, { ...request, mutations: allowed })).results
        : [];
    const byId = new Map(ran.map((result) => [result.id, result]));
    const seq = await app.changes.current();
    return {
      results: request.mutations.map(
        (mutation): MutationResult =>
          byId.get(mutation.id) ?? {
            id: mutation.id,
            status: 'rejected',
            appliedSeq: seq,
            code: 'email_unverified',
            message: guestMessages.confirmEmailFirst,
          },
      ),
    };
  };
}

import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the session a call acts for has proven, for rules far from the request that must judge
 * by it (a cart line's hold, cart/unconfirmed-holds.ts) without every handler passing it on.
 * Set for each protected REST call (`mailboxProofGate`) and each sync push (push-request.ts),
 * from the token's claims; undefined in work no session asked for (a scheduled job).
 */
export interface ActingSession {
  /** Made from an email alone (`isEmailOnly`): nothing proves the mailbox. */
  emailOnly: boolean;
}

const acting = new AsyncLocalStorage<ActingSession>();

/** Runs `work`, and everything it awaits, as `session`. */
export function runAsSession<T>(session: ActingSession, work: () => T): T {
  return acting.run(session, work);
}

/** The session the current call acts for; undefined outside a session's call. */
export function actingSession(): ActingSession | undefined {
  return acting.getStore();
}

import type { Context } from 'koa';
import type { AppContext } from '../app-context';
import { bearerToken } from '../auth/bearer-auth';
import { sessionHolds } from '../auth/session-holds';
import { authClaims } from '../auth/require-auth';
import { isStaff, isStaffUser } from '../auth/staff-access';
import { verifyToken } from '../auth/tokens';

/** The two sign-up fields only staff may send (spec §6 hunter sign-up). */
interface HunterFields {
  hunter?: string | undefined;
  created_by_hunter?: boolean | undefined;
}

/**
 * True when the request comes from a signed-in staff user, as `isStaff` decides. The sign-up
 * route is public (before the auth gate), so there the bearer token is first checked as the gate
 * checks it (signature, expiry, live session); no token, a visitor's public token or a token that
 * does not hold makes a visitor, never an error: the sign-up itself needs no session.
 */
async function callerIsStaff(app: AppContext, ctx: Context): Promise<boolean> {
  const state = ctx.state as { auth?: unknown };
  if (state.auth === undefined) {
    const token = bearerToken(ctx.get('Authorization'));
    const claims = token ? verifyToken(app.jwtSecret, token) : null;
    if (!claims || claims.scope === 'public') return false;
    if (!(await sessionHolds(app)(claims))) return false;
    state.auth = claims;
  }
  return isStaff(ctx, app);
}

/**
 * The payload with `hunter` and `created_by_hunter` kept only when a signed-in staff user sends
 * it (spec §6: staff pick the contact owner). From anyone else both are dropped, not refused:
 * the app sends them from every page opened with `?signup=hunter`, which any visitor can open;
 * refusing would stop those customers signing up, while dropping gives a caller nothing the
 * fields could grant. A guest's upgrade, signed in as the guest, uses `hunterFieldsOfUpgrade`.
 */
export async function hunterFieldsFromStaffOnly<Payload extends HunterFields>(
  app: AppContext,
  ctx: Context,
  payload: Payload,
): Promise<Payload> {
  if (payload.hunter === undefined && payload.created_by_hunter === undefined) return payload;
  return (await callerIsStaff(app, ctx)) ? payload : withoutHunterFields(payload);
}

function withoutHunterFields<Payload extends HunterFields>(payload: Payload): Payload {
  const accepted = { ...payload };
  delete accepted.hunter;
  delete accepted.created_by_hunter;
  return accepted;
}

/**
 * The staff user behind a guest's upgrade, or null. The upgrade is signed in as the guest, so
 * staff make it through a login-as session: its staff user (`from_manager`), while still staff
 * (spec §6: staff pick the contact owner and set created_by_hunter). The guest's own session
 * never may.
 */
export async function staffBehindUpgrade(app: AppContext, ctx: Context): Promise<string | null> {
  const { from_manager: staffKey } = authClaims(ctx);
  if (staffKey === undefined) return null;
  return (await isStaffUser(app, await app.repos.users.findByKey(staffKey))) ? staffKey : null;
}

/** The upgrade's payload with the hunter fields kept only when staff are behind it. */
export function hunterFieldsOfUpgrade<Payload extends HunterFields>(
  payload: Payload,
  staffKey: string | null,
): Payload {
  return staffKey === null ? withoutHunterFields(payload) : payload;
}

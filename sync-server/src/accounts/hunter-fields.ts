import type { Context } from 'koa';
import type { AppContext } from '../app-context';
import { bearerToken } from '../auth/bearer-auth';
import { sessionHolds } from '../auth/session-holds';
import { isStaff } from '../auth/staff-access';
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
 * the app sends them from every page opened with `?signup=hunter`, which any visitor can open,
 * and from a guest's upgrade, whose caller is always the guest; refusing would stop those
 * customers signing up, while dropping gives a caller nothing the fields could grant.
 */
export async function hunterFieldsFromStaffOnly<Payload extends HunterFields>(
  app: AppContext,
  ctx: Context,
  payload: Payload,
): Promise<Payload> {
  if (payload.hunter === undefined && payload.created_by_hunter === undefined) return payload;
  if (await callerIsStaff(app, ctx)) return payload;
  const accepted = { ...payload };
  delete accepted.hunter;
  delete accepted.created_by_hunter;
  return accepted;
}

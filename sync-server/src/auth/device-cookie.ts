import { createHmac, randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { isSignatureText } from '../kernel/signature-text';

/**
 * The known-device cookie. A browser that signed in to an account gets a signed, HttpOnly,
 * SameSite=Strict cookie naming its device id and the accounts it signed in to. A log-in from
 * it to one of those accounts skips the account-wide back-offs (so an attacker hammering the
 * account does not lock its owner out) and keeps a back-off of its own device. It grants
 * nothing else: the password and the captcha are still checked.
 */
export const DEVICE_COOKIE = 'stemline_device';
/** How long a device stays known without a new sign-in. */
export const DEVICE_COOKIE_MAX_AGE_MS = 180 * 24 * 3600_000;
/** Accounts one device remembers (a shop's shared tablet), the most recent first. */
export const DEVICE_ACCOUNTS_MAX = 5;

const contentSchema = z.object({
  d: z.string().min(1).max(64),
  u: z.array(z.string().max(64)).max(DEVICE_ACCOUNTS_MAX),
});

export interface KnownDevice {
  id: string;
  userKeys: string[];
}

function signature(app: AppContext, payload: string): Buffer {
  const key = createHmac('sha256', app.jwtSecret).update('known-device-cookie').digest();
  return createHmac('sha256', key).update(payload).digest();
}

/** The request's known device, when its cookie is well formed and signed by this server. */
export function knownDevice(app: AppContext, ctx: Context): KnownDevice | undefined {
  const value = ctx.cookies.get(DEVICE_COOKIE);
  if (!value || value.length > 1024) return undefined;
  const [payload, mac, extra] = value.split('.');
  if (!payload || !mac || extra !== undefined) return undefined;
  const expected = signature(app, payload);
  if (!isSignatureText(mac, expected)) return undefined;
  try {
    const parsed = contentSchema.safeParse(
      JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
    );
    return parsed.success ? { id: parsed.data.d, userKeys: parsed.data.u } : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers on this browser that it signed in to `userKey` (a new device id if it had none). */
export function rememberDevice(app: AppContext, ctx: Context, userKey: string): void {
  const device = knownDevice(app, ctx);
  const content = {
    d: device?.id ?? randomUUID(),
    u: [userKey, ...(device?.userKeys ?? []).filter((key) => key !== userKey)].slice(
      0,
      DEVICE_ACCOUNTS_MAX,
    ),
  };
  const payload = Buffer.from(JSON.stringify(content)).toString('base64url');
  const value = `${payload}.${signature(app, payload).toString('base64url')}`;
  const secure = ctx.secure || (app.config.accounts.publicUrl?.startsWith('https:') ?? false);
  // Behind a TLS proxy not declared in TRUSTED_PROXY_HOPS Koa sees plain HTTP and would refuse a
  // Secure cookie.
  if (secure) ctx.cookies.secure = true;
  ctx.cookies.set(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/api',
    maxAge: DEVICE_COOKIE_MAX_AGE_MS,
    overwrite: true,
  });
}

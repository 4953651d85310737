import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { z } from 'zod';
import type { CaptchaChallenge } from '@stemline/shared';
import type { ServerSecretRepository } from '../auth/server-secret-repository';
import { resolveServerSecret } from '../auth/tokens';
import type { ServerConfig } from '../config';
import type { CaptchaRepository } from './captcha-repository';

/** The captcha action of spec §4 and §9. */
export const CAPTCHA_ACTION = 'inquirySubmit';
/** How long a challenge may be solved and used. */
export const CAPTCHA_LIFETIME_MS = 10 * 60_000;

const payloadSchema = z.object({
  algorithm: z.enum(['SHA-1', 'SHA-256', 'SHA-512']),
  challenge: z.string().max(256),
  number: z.number().int().nonnegative(),
  salt: z.string().max(512),
  signature: z.string().max(256),
});

/**
 * Self-hosted ALTCHA proof of work: the server hands out HMAC-signed challenges for the action
 * inquirySubmit with an expiry by the server clock; a solution is good once. The HMAC key
 * (`resolveCaptchaKey`) is CAPTCHA_HMAC_KEY or one generated once and kept in the database.
 */
export function createCaptcha(
  used: CaptchaRepository,
  hmacKey: string,
  config: ServerConfig,
  now: () => number,
) {
  /** The verified payload of a token, or null for anything that is not a good solution. */
  async function verified(token: string) {
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    } catch {
      return null;
    }
    const parsed = payloadSchema.safeParse(decoded);
    if (!parsed.success) return null;
    const params = extractParams(parsed.data);
    const expiresAt = Number(params.expires) * 1000;
    if (params.action !== CAPTCHA_ACTION || !Number.isFinite(expiresAt) || expiresAt < now()) {
      return null;
    }
    if (!(await verifySolution(parsed.data, hmacKey, false))) return null;
    return { signature: parsed.data.signature, expiresAt };
  }

  return {
    /** A fresh challenge, solvable in well under a second at the configured difficulty. */
    async challenge(): Promise<CaptchaChallenge> {
      const challenge = await createChallenge({
        hmacKey,
        maxnumber: config.accounts.captchaMaxNumber,
        params: {
          action: CAPTCHA_ACTION,
          expires: String(Math.floor((now() + CAPTCHA_LIFETIME_MS) / 1000)),
        },
      });
      return {
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        maxnumber: challenge.maxnumber ?? config.accounts.captchaMaxNumber,
        salt: challenge.salt,
        signature: challenge.signature,
      };
    },
    /** True for a good solution that was never used; it does not use it up. */
    async isValid(token: string | undefined): Promise<boolean> {
      if (!token) return false;
      const solution = await verified(token);
      return solution !== null && !(await used.isUsed(solution.signature));
    },
    /**
     * Uses a solution up: true only the first time a good solution is presented, even when two
     * requests race with it (the insert decides).
     */
    async consume(token: string | undefined): Promise<boolean> {
      if (!token) return false;
      const solution = await verified(token);
      if (!solution) return false;
      return await used.use(solution.signature, solution.expiresAt, now());
    },
  };
}
export type Captcha = ReturnType<typeof createCaptcha>;

/**
 * The captcha HMAC key: CAPTCHA_HMAC_KEY, or the one kept in the database (not a file per node:
 * a challenge one node signed is checked by another).
 */
export function resolveCaptchaKey(
  secrets: ServerSecretRepository,
  config: ServerConfig,
): Promise<string> {
  return resolveServerSecret(
    secrets,
    config.dataDir,
    'captcha-key',
    config.accounts.captchaHmacKey,
  );
}

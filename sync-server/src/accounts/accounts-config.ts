import { z } from 'zod';

/** Settings of accounts, mail, captcha and role redirects, read from the environment. */
export interface AccountsConfig {
  /** The external admin app non-florists are sent to. */
  adminAppUrl: string;
  /** The grower price-comparison admin page (growers with the admin-redirect flag). */
  growerPriceComparisonUrl: string;
  /**
   * Serves the mail outbox at GET /api/dev/mailbox (and the PWA's /dev/mailbox page) to
   * loopback clients no reverse proxy passed on (mail/loopback.ts); off unless DEV_MAILBOX=1.
   */
  devMailbox: boolean;
  /**
   * SMTP connection URL for nodemailer; when absent, mail is written to the outbox and printed
   * to the server's console (recipient, subject, links).
   */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The app's public origin for links in mail; the request's own origin when absent. */
  publicUrl: string | undefined;
  /** ALTCHA HMAC key; otherwise one generated once and kept in the database (auth/tokens.ts). */
  captchaHmacKey: string | undefined;
  /** Proof-of-work difficulty: the largest number a solver may have to try. */
  captchaMaxNumber: number;
  /** Email look-ups one client address may make in 10 minutes before a 429. */
  emailLookupsPerClient: number;
  /** Accounts (full or guest) one client address may create in an hour before a 429. */
  newAccountsPerClient: number;
}

const envSchema = z.object({
  ADMIN_APP_URL: z.string().min(1).default('/admin/'),
  GROWER_PRICE_COMPARISON_URL: z.string().min(1).default('/admin/grower/price-comparison'),
  DEV_MAILBOX: z.enum(['0', '1']).default('0'),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Stemline <no-reply@stemline.test>'),
  PUBLIC_URL: z.url().optional(),
  CAPTCHA_HMAC_KEY: z.string().min(32).optional(),
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(100).max(10_000_000).default(5_000),
  EMAIL_LOOKUPS_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000).default(50),
  NEW_ACCOUNTS_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000).default(20),
});

/** Reads the accounts settings; a bad value stops start-up with its name. */
export function loadAccountsConfig(env: NodeJS.ProcessEnv): AccountsConfig {
  const parsed = envSchema.parse(env);
  return {
    adminAppUrl: parsed.ADMIN_APP_URL,
    growerPriceComparisonUrl: parsed.GROWER_PRICE_COMPARISON_URL,
    devMailbox: parsed.DEV_MAILBOX === '1',
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    publicUrl: parsed.PUBLIC_URL?.replace(/\/+$/, ''),
    captchaHmacKey: parsed.CAPTCHA_HMAC_KEY,
    captchaMaxNumber: parsed.CAPTCHA_MAX_NUMBER,
    emailLookupsPerClient: parsed.EMAIL_LOOKUPS_PER_CLIENT,
    newAccountsPerClient: parsed.NEW_ACCOUNTS_PER_CLIENT,
  };
}

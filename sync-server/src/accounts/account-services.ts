import type { AppContext } from '../app-context';
import { createSessionCheck, createTokenRevoker } from '../auth/session-check';
import { createUserRepository, type UserRepository } from '../auth/user-repository';
import { createCaptcha, type Captcha } from '../captcha/captcha-service';
import { createConfigLookups, type ConfigLookups } from '../config-models/config-lookups';
import { createConfigRecords, type ConfigRecords } from '../config-models/config-records';
import { createMailQuota, type MailQuota } from '../mail/mail-quota';
import { createMailer, type Mailer } from '../mail/mailer';
import { createRateLimiter, type RateLimiter } from '../rate-limit/rate-limiter';
import { createAccountRepository, type AccountRepository } from './account-repository';

/** The services of accounts and access, built once per server (app context). */
export interface AccountServices {
  users: UserRepository;
  accounts: AccountRepository;
  captcha: Captcha;
  mailer: Mailer;
  /** Sends mail within each customer's daily cap (use it for every mail a caller triggers). */
  mailQuota: MailQuota;
  limiter: RateLimiter;
  configRecords: ConfigRecords;
  config: ConfigLookups;
  isSessionActive: ReturnType<typeof createSessionCheck>;
  revokeToken: ReturnType<typeof createTokenRevoker>;
}

const built = new WeakMap<AppContext, AccountServices>();

/**
 * The account services of one server. Kept beside the app context rather than in it, so the
 * shared context stays small; every route and operation of one server gets the same instances.
 */
export function accountServices(app: AppContext): AccountServices {
  let services = built.get(app);
  if (!services) {
    const configRecords = createConfigRecords(app.db, app.now);
    const mailer = createMailer(app);
    const limiter = createRateLimiter(app.db, app.now);
    services = {
      users: createUserRepository(app.db),
      accounts: createAccountRepository(app.db, app.now),
      captcha: createCaptcha(app),
      mailer,
      mailQuota: createMailQuota(mailer, limiter),
      limiter,
      configRecords,
      config: createConfigLookups(configRecords),
      isSessionActive: createSessionCheck(app.db),
      revokeToken: createTokenRevoker(app.db),
    };
    built.set(app, services);
  }
  return services;
}

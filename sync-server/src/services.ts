import type { ServerConfig } from './config';
import type { Repositories } from './repositories';
import { createCaptcha } from './captcha/captcha-service';
import { createConfigLookups } from './config-models/config-lookups';
import { createMailQuota } from './mail/mail-quota';
import { createMailer } from './mail/mailer';
import { createUploadStore } from './claims/upload-store';

/**
 * The services beside the repositories, built once at start-up and handed to the features as
 * `app.services`: mail (with each customer's daily cap), the captcha, and the config look-ups.
 * `secrets` are resolved before (they may be read from the database).
 */
export function createServices(
  repos: Repositories,
  config: ServerConfig,
  now: () => number,
  secrets: { captchaKey: string },
) {
  const mailer = createMailer(repos.outbox, config, now);
  return {
    mailer,
    /** Sends mail within each customer's daily cap (use it for every mail a caller triggers). */
    mailQuota: createMailQuota(mailer, repos.limiter),
    captcha: createCaptcha(repos.captchaUses, secrets.captchaKey, config, now),
    configLookups: createConfigLookups(repos.configRecords),
    /** Uploaded files: rows in the repository, bytes under DATA_DIR/uploads. */
    uploads: createUploadStore(repos.uploads, config.dataDir),
  };
}
export type Services = ReturnType<typeof createServices>;

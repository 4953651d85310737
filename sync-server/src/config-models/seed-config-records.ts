import type { Db } from '../db/database';
import { createConfigRecordsSync } from './config-record-repository';
import { CONFIG_MODELS } from './config-lookups';

const SEEDED_FLAG = 'accounts_config_seeded';

/**
 * The config records a fresh database starts with. Written once (a flag in `meta` remembers), so
 * a row staff deleted does not come back on the next start.
 */
export function seedConfigRecords(db: Db, nowMs: number): void {
  const flag = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');
  if (flag.get(SEEDED_FLAG)) return;
  const records = createConfigRecordsSync(db, () => nowMs);
  db.transaction(() => {
    for (const domain of [
      'mailinator.com',
      'example.com',
      'test.com',
      'yopmail.com',
      'guerrillamail.com',
      'tempmail.com',
    ]) {
      records.insert(CONFIG_MODELS.fakeEmailDomains, domain, { domain });
    }
    records.insert(CONFIG_MODELS.staffCompanyDomain, 'stemline.com', { domain: 'stemline.com' });
    records.insert(CONFIG_MODELS.managerAdmin, 'admin_app', {
      name: 'Admin app',
      users: ['u-manager'],
    });
    records.insert(CONFIG_MODELS.disabledWeeks, '20261221', {
      week_start: 20261221,
      reason: 'Christmas week',
    });
    records.insert(CONFIG_MODELS.disabledWeeks, '20261228', {
      week_start: 20261228,
      reason: 'New Year week',
    });
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(SEEDED_FLAG, '1');
  })();
}

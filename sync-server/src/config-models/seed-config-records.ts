import type { SqlEngine } from '../db/sql-engine';
import { CONFIG_MODELS } from './config-lookups';
import { createConfigRecords } from './config-record-repository';

const SEEDED_FLAG = 'accounts_config_seeded';

/** The rows a fresh database starts with, as (model, key, doc). */
const SEEDED_RECORDS: readonly [string, string, object][] = [
  ...[
    'mailinator.com',
    'example.com',
    'test.com',
    'yopmail.com',
    'guerrillamail.com',
    'tempmail.com',
  ].map((domain): [string, string, object] => [CONFIG_MODELS.fakeEmailDomains, domain, { domain }]),
  [CONFIG_MODELS.staffCompanyDomain, 'stemline.com', { domain: 'stemline.com' }],
  [CONFIG_MODELS.managerAdmin, 'admin_app', { name: 'Admin app', users: ['u-manager'] }],
  [CONFIG_MODELS.disabledWeeks, '20261221', { week_start: 20261221, reason: 'Christmas week' }],
  [CONFIG_MODELS.disabledWeeks, '20261228', { week_start: 20261228, reason: 'New Year week' }],
];

/**
 * The config records a fresh database starts with. Written once (a flag in `meta` remembers, set
 * in the same transaction), so a row staff deleted does not come back on the next start; a row
 * already there is left as it is.
 */
export async function seedConfigRecords(engine: SqlEngine, nowMs: number): Promise<void> {
  await engine.transaction(async (tx) => {
    const flagged = await tx.run(
      "INSERT INTO meta (key, value) VALUES (?, '1') ON CONFLICT (key) DO NOTHING",
      [SEEDED_FLAG],
    );
    if (flagged.changes === 0) return;
    const records = createConfigRecords(tx, () => nowMs);
    for (const [model, key, doc] of SEEDED_RECORDS) await records.insert(model, key, doc);
  });
}

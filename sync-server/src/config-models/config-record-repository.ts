import type { Db } from '../db/database';

export interface ConfigRecord {
  key: string;
  doc: Record<string, unknown>;
}

/** The `config_records` table: JSON rows grouped by model, each under its own key. */
export function createConfigRecords(db: Db, now: () => number) {
  const all = db.prepare<[string], { key: string; doc: string }>(
    'SELECT key, doc FROM config_records WHERE model = ? ORDER BY key',
  );
  const one = db.prepare<[string, string], { key: string; doc: string }>(
    'SELECT key, doc FROM config_records WHERE model = ? AND key = ?',
  );
  const insert = db.prepare<[string, string, string, number]>(
    'INSERT OR IGNORE INTO config_records (model, key, doc, updated_at) VALUES (?, ?, ?, ?)',
  );
  const update = db.prepare<[string, number, string, string]>(
    'UPDATE config_records SET doc = ?, updated_at = ? WHERE model = ? AND key = ?',
  );
  const remove = db.prepare<[string, string]>(
    'DELETE FROM config_records WHERE model = ? AND key = ?',
  );
  const toRecord = (row: { key: string; doc: string }): ConfigRecord => ({
    key: row.key,
    doc: JSON.parse(row.doc) as Record<string, unknown>,
  });
  return {
    all: (model: string): ConfigRecord[] => all.all(model).map(toRecord),
    get(model: string, key: string): ConfigRecord | undefined {
      const row = one.get(model, key);
      return row && toRecord(row);
    },
    /** Inserts a new row; false when the key is taken. */
    insert: (model: string, key: string, doc: object): boolean =>
      insert.run(model, key, JSON.stringify(doc), now()).changes === 1,
    /** Replaces an existing row; false when there is none. */
    update: (model: string, key: string, doc: object): boolean =>
      update.run(JSON.stringify(doc), now(), model, key).changes === 1,
    remove: (model: string, key: string): boolean => remove.run(model, key).changes === 1,
  };
}
export type ConfigRecords = ReturnType<typeof createConfigRecords>;

import type { SqlExecutor } from '../db/sql-engine';

export interface ConfigRecord {
  key: string;
  doc: Record<string, unknown>;
}

const sql = {
  all: 'SELECT key, doc FROM config_records WHERE model = ? ORDER BY key',
  one: 'SELECT key, doc FROM config_records WHERE model = ? AND key = ?',
  // The same on both engines (no INSERT OR IGNORE): a taken key changes nothing.
  insert: `INSERT INTO config_records (model, key, doc, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (model, key) DO NOTHING`,
  update: 'UPDATE config_records SET doc = ?, updated_at = ? WHERE model = ? AND key = ?',
  remove: 'DELETE FROM config_records WHERE model = ? AND key = ?',
};

const toRecord = (row: { key: string; doc: string }): ConfigRecord => ({
  key: row.key,
  doc: JSON.parse(row.doc) as Record<string, unknown>,
});

/** The `config_records` table: JSON rows grouped by model, each under its own key. */
export function createConfigRecords(engine: SqlExecutor, now: () => number) {
  return {
    async all(model: string): Promise<ConfigRecord[]> {
      const rows = await engine.all<{ key: string; doc: string }>(sql.all, [model]);
      return rows.map(toRecord);
    },
    async get(model: string, key: string): Promise<ConfigRecord | undefined> {
      const row = await engine.one<{ key: string; doc: string }>(sql.one, [model, key]);
      return row && toRecord(row);
    },
    /** Inserts a new row; false when the key is taken. */
    async insert(model: string, key: string, doc: object): Promise<boolean> {
      const result = await engine.run(sql.insert, [model, key, JSON.stringify(doc), now()]);
      return result.changes === 1;
    },
    /** Replaces an existing row; false when there is none. */
    async update(model: string, key: string, doc: object): Promise<boolean> {
      const result = await engine.run(sql.update, [JSON.stringify(doc), now(), model, key]);
      return result.changes === 1;
    },
    async remove(model: string, key: string): Promise<boolean> {
      return (await engine.run(sql.remove, [model, key])).changes === 1;
    },
  };
}
export type ConfigRecords = ReturnType<typeof createConfigRecords>;

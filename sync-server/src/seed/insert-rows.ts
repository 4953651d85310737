import type { SqlExecutor, SqlValue } from '../db/sql-engine';

/**
 * Bound values per statement, far under SQLite's limit (32,766) and PostgreSQL's (65,535). On
 * the full catalogue, batches of this size seed SQLite as fast as one prepared row at a time did
 * (smaller and much larger ones are slower) and save PostgreSQL a round trip per row.
 */
const MAX_VALUES = 4_000;

/**
 * Inserts `rows` (each in `columns` order) into `table` with multi-row INSERTs, in the caller's
 * transaction. `table` and `columns` are the seed's own names, never a request's.
 */
export async function insertRows(
  tx: SqlExecutor,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly SqlValue[])[],
): Promise<void> {
  const perStatement = Math.max(1, Math.floor(MAX_VALUES / columns.length));
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `;
  const texts = new Map<number, string>();
  for (let start = 0; start < rows.length; start += perStatement) {
    const count = Math.min(perStatement, rows.length - start);
    let sql = texts.get(count);
    if (sql === undefined) {
      sql = head + Array.from({ length: count }, () => tuple).join(', ');
      texts.set(count, sql);
    }
    const values: SqlValue[] = [];
    for (let i = start; i < start + count; i += 1) values.push(...(rows[i] ?? []));
    await tx.run(sql, values);
  }
}

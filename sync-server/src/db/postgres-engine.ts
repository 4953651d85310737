import pg from 'pg';
import { ambientTransactions, routedStatements } from './ambient-transaction';
import { numberPlaceholders } from './postgres-dialect';
import type { RunResult, SqlEngine, SqlExecutor, SqlValue } from './sql-engine';

/** PostgreSQL's BIGINT (OID 20) arrives as a string; the repositories work in numbers. */
const INT8_OID = 20;
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`BIGINT ${text} is beyond a safe integer`);
  return value;
}
const builtInParser = (oid: number, format: 'text' | 'binary'): ((text: string) => unknown) =>
  pg.types.getTypeParser(oid, format) as (text: string) => unknown;
const types = {
  getTypeParser: ((oid: number, format: 'text' | 'binary' = 'text') =>
    oid === INT8_OID && format === 'text'
      ? parseInt8
      : builtInParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A transaction PostgreSQL aborted to keep its guarantees; running it again is safe. */
const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected
const ATTEMPTS = 5;

type Queryable = Pick<pg.PoolClient, 'query'>;

/**
 * The engine for several server nodes: a node-postgres pool on one PostgreSQL database. A
 * transaction holds one pooled connection from BEGIN to COMMIT; nested transactions are
 * savepoints. A transaction PostgreSQL aborts for a deadlock or a serialization failure is run
 * again (up to five times), so `work` must keep its effects inside the database until it
 * resolves.
 */
export function postgresEngine(url: string, options: { max?: number } = {}): SqlEngine {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types });
  // An idle pooled connection that breaks (a database restart) is dropped by the pool and
  // replaced on the next query; without a listener its error would end the process.
  pool.on('error', () => undefined);
  const texts = new Map<string, string>();
  const text = (sql: string): string => {
    let numbered = texts.get(sql);
    if (numbered === undefined) {
      numbered = numberPlaceholders(sql);
      texts.set(sql, numbered);
    }
    return numbered;
  };

  const ambient = ambientTransactions();
  const on = (client: Queryable, depth: number): SqlExecutor => ({
    kind: 'postgres',
    all: async <Row extends object>(sql: string, params: readonly SqlValue[] = []) =>
      (await client.query(text(sql), [...params])).rows as Row[],
    one: async <Row extends object>(sql: string, params: readonly SqlValue[] = []) =>
      (await client.query(text(sql), [...params])).rows[0] as Row | undefined,
    run: async (sql: string, params: readonly SqlValue[] = []): Promise<RunResult> => ({
      changes: (await client.query(text(sql), [...params])).rowCount ?? 0,
    }),
    transaction: async <T>(work: (tx: SqlExecutor) => Promise<T>) => {
      const name = `sp${depth + 1}`;
      await client.query(`SAVEPOINT ${name}`);
      try {
        const value = await ambient.within(on(client, depth + 1), work);
        await client.query(`RELEASE SAVEPOINT ${name}`);
        return value;
      } catch (error) {
        await client.query(`ROLLBACK TO SAVEPOINT ${name}`);
        await client.query(`RELEASE SAVEPOINT ${name}`);
        throw error;
      }
    },
  });

  /** BEGIN … COMMIT on one pooled connection, again when PostgreSQL asks for a retry. */
  const withTransaction = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt += 1) {
      const client = await pool.connect();
      let broken = false;
      // A connection cut mid-transaction (a database restart, a killed backend) also emits
      // 'error' on the client; unheard, that would end the process. Its query rejects anyway.
      const onError = (): void => {
        broken = true;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const value = await work(client);
        await client.query('COMMIT');
        return value;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true;
        }
        const code = (error as { code?: unknown }).code;
        if (attempt < ATTEMPTS && typeof code === 'string' && RETRYABLE.has(code)) continue;
        throw error;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    }
  };

  const outside = on(pool, 0);
  return {
    kind: 'postgres',
    ...routedStatements(ambient, outside),
    transaction: (work) => {
      const open = ambient.current();
      if (open) return open.transaction(work);
      return withTransaction((client) => ambient.within(on(client, 0), work));
    },
    exclusively: async (job, work) => {
      if (ambient.current()) throw new Error('exclusively() starts its own transaction');
      return withTransaction(async (client) => {
        const lock = await client.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked',
          [job],
        );
        if (!lock.rows[0]?.locked) return { ran: false as const };
        return { ran: true as const, value: await ambient.within(on(client, 0), work) };
      });
    },
    close: () => pool.end(),
  };
}

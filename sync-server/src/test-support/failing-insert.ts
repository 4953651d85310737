import type { TestServer } from './test-server';

export interface FailingInsert {
  /** The name of the trigger (and, on PostgreSQL, of its function). */
  name: string;
  table: string;
  /** A condition on the row, written as both engines read it: `NEW.kind = 'weekly_statement'`. */
  when: string;
  /** The error the insert fails with (no quotes). */
  message: string;
}

/**
 * Makes the test server's database refuse inserts into `table` of rows that match `when`, with
 * `message` as the error: a real statement failing inside the server's own transaction, where a
 * full disk or a crash at that point would stop it. A trigger on either engine (SQLite's RAISE,
 * PostgreSQL's RAISE EXCEPTION). Answers a function that removes it again.
 */
export async function failInserts(
  t: TestServer,
  { name, table, when, message }: FailingInsert,
): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(name) || !/^[a-z_]+$/.test(table) || /['\\]/.test(message)) {
    throw new Error('failInserts: plain names and a message without quotes');
  }
  if (t.server.context.engine.kind === 'sqlite') {
    await t.sql.run(
      `CREATE TRIGGER ${name} BEFORE INSERT ON ${table} WHEN ${when}
       BEGIN SELECT RAISE(ABORT, '${message}'); END`,
    );
    return async () => {
      await t.sql.run(`DROP TRIGGER ${name}`);
    };
  }
  await t.sql.run(
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql
     AS $$ BEGIN RAISE EXCEPTION '${message}'; END $$`,
  );
  await t.sql.run(
    `CREATE TRIGGER ${name} BEFORE INSERT ON ${table} FOR EACH ROW WHEN (${when})
     EXECUTE FUNCTION ${name}()`,
  );
  return async () => {
    await t.sql.run(`DROP TRIGGER ${name} ON ${table}`);
    await t.sql.run(`DROP FUNCTION ${name}()`);
  };
}

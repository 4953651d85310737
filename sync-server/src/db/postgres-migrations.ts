import { migrationDocuments, migrations, migrationSql, type DocumentRewrite } from './migrations';
import { postgresMigration } from './postgres-dialect';
import type { SqlEngine, SqlExecutor } from './sql-engine';

/**
 * Migrations whose SQLite text has no one-to-one PostgreSQL form, with the form PostgreSQL runs,
 * keyed by the start of the SQLite text they stand for (checked, so a reordered list fails loudly).
 */
const POSTGRES_FORMS: readonly { index: number; sqliteStartsWith: string; postgres: string }[] = [
  {
    // Repairs search synonyms of a database seeded before the lists were shared. No PostgreSQL
    // database was ever seeded with that list, so there is nothing to repair.
    index: 9,
    sqliteStartsWith: 'CREATE TEMP TABLE earlier_seed',
    postgres: '',
  },
];

/** The PostgreSQL text of every migration, in order: one list, two schemas. */
export function postgresMigrations(): string[] {
  return migrations.map((migration, index) => {
    const sql = migrationSql(migration);
    const form = POSTGRES_FORMS.find((candidate) => candidate.index === index);
    if (!form) return postgresMigration(sql);
    if (!sql.trim().startsWith(form.sqliteStartsWith)) {
      throw new Error(`migration ${index} is not the one its PostgreSQL form stands for`);
    }
    return form.postgres;
  });
}

/** Rewrites every stored document of a table (tombstones too) through `convert`. */
async function rewritePostgresDocuments(
  tx: SqlExecutor,
  { table, convert }: DocumentRewrite,
): Promise<void> {
  const rows = await tx.all<{ customer_key: string; key: string; doc: string }>(
    `SELECT customer_key, key, doc FROM ${table}`,
  );
  for (const row of rows) {
    const doc = JSON.stringify(convert(JSON.parse(row.doc)));
    if (doc !== row.doc)
      await tx.run(`UPDATE ${table} SET doc = ? WHERE customer_key = ? AND key = ?`, [
        doc,
        row.customer_key,
        row.key,
      ]);
  }
}

/**
 * Brings a PostgreSQL database's schema up to date, each migration once, recorded in
 * `schema_version`. Several nodes may start at once: the first takes an advisory lock for the
 * length of the migration transaction and the others wait for it, then find nothing to do.
 * PostgreSQL's DDL is transactional, so a node that dies mid-way leaves the schema as it was.
 * `upTo` stops before that migration (tests fill an older schema with it).
 */
export async function migratePostgres(
  engine: SqlEngine,
  upTo: number = migrations.length,
): Promise<number> {
  const texts = postgresMigrations().slice(0, upTo);
  return engine.transaction(async (tx) => {
    await tx.one("SELECT pg_advisory_xact_lock(hashtext('stemline:migrate'))");
    await tx.run('CREATE EXTENSION IF NOT EXISTS citext');
    await tx.run('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    const row = await tx.one<{ version: number }>('SELECT version FROM schema_version');
    if (!row) await tx.run('INSERT INTO schema_version (version) VALUES (0)');
    const current = row?.version ?? 0;
    for (let version = current; version < texts.length; version += 1) {
      const sql = texts[version] ?? '';
      if (sql.trim() !== '') await tx.run(sql);
      for (const rewrite of migrationDocuments(migrations[version] ?? ''))
        await rewritePostgresDocuments(tx, rewrite);
    }
    await tx.run('UPDATE schema_version SET version = ?', [texts.length]);
    return texts.length;
  });
}

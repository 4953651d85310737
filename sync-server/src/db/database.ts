import { chmodSync } from 'node:fs';
import Database from 'better-sqlite3';
import { migrate } from './migrations';

/** The one handle the repositories use. Kept to better-sqlite3's own small surface. */
export type Db = Database.Database;

/**
 * Opens (creating if needed) the SQLite file in WAL mode and brings its schema up to date.
 * `synchronous = NORMAL` is durable across process crashes in WAL mode (a power cut may lose the
 * last commits, never corrupt the file). The file is made readable by its owner only.
 */
export function openDatabase(file: string): Db {
  const db = new Database(file);
  // Password hashes, customers' data and the server's signing secrets: readable by the server's
  // own user only. SQLite gives the -wal and -shm files the database file's mode.
  if (file !== ':memory:') chmodSync(file, 0o600);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

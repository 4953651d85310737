import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { makeTempDir, removeDir } from '../test-support/test-server';
import { backupName, takeBackup } from './backups';
import { openDatabase } from './database';

describe('online backups of the SQLite file', () => {
  let dir = '';
  beforeAll(() => {
    dir = makeTempDir('stemline-backup-');
  });
  afterAll(() => {
    removeDir(dir);
  });

  it('a snapshot taken while the server writes opens whole, with the data committed before it', async () => {
    const db = openDatabase(path.join(dir, 'live.sqlite'));
    const insert = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    for (let i = 0; i < 500; i += 1) insert.run(`before-${i}`, 'x'.repeat(200));
    // Writes keep arriving while the copy runs.
    let writing = true;
    let after = 0;
    const writer = (async () => {
      while (writing) {
        insert.run(`during-${after}`, 'y');
        after += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const file = await takeBackup(db, { dir: path.join(dir, 'snapshots'), keep: 5 });
    writing = false;
    await writer;
    db.close();

    const copy = new Database(file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const count = copy
        .prepare<[], { n: number }>("SELECT count(*) AS n FROM meta WHERE key LIKE 'before-%'")
        .get();
      expect(count?.n).toBe(500);
    } finally {
      copy.close();
    }
    // It holds the signing secrets as the database does: readable by its owner only.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.join(dir, 'snapshots')).filter((n) => n.endsWith('.partial'))).toEqual(
      [],
    );
  });

  it('keeps the newest snapshots and deletes older ones', async () => {
    const db = openDatabase(path.join(dir, 'rotate.sqlite'));
    const target = path.join(dir, 'rotating');
    try {
      for (const minute of [0, 15, 30, 45]) {
        await takeBackup(db, { dir: target, keep: 2 }, new Date(Date.UTC(2026, 10, 26, 5, minute)));
      }
    } finally {
      db.close();
    }
    expect(readdirSync(target).sort()).toEqual([
      backupName(new Date(Date.UTC(2026, 10, 26, 5, 30))),
      backupName(new Date(Date.UTC(2026, 10, 26, 5, 45))),
    ]);
    expect(backupName(new Date(Date.UTC(2026, 10, 26, 5, 45)))).toBe(
      'stemline-20261126T054500Z.sqlite',
    );
  });

  it('is off by default and set by BACKUP_DIR, its interval and how many to keep', () => {
    const base = { DATA_DIR: path.join(dir, 'data') };
    expect(loadConfig(base).backups).toBeNull();
    expect(
      loadConfig({
        ...base,
        BACKUP_DIR: '/mnt/backups',
        BACKUP_INTERVAL_MINUTES: '5',
        BACKUP_KEEP: '12',
      }).backups,
    ).toEqual({ dir: '/mnt/backups', intervalMs: 300_000, keep: 12 });
    expect(() => loadConfig({ ...base, BACKUP_DIR: '/mnt/b', BACKUP_KEEP: '0' })).toThrow();
  });

  it('takes a postgres:// DATABASE_URL, refuses any other, and refuses SQLite backups beside it', () => {
    const base = { DATA_DIR: path.join(dir, 'data') };
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/stemline' }).databaseUrl).toBe(
      'postgres://db/stemline',
    );
    expect(loadConfig(base).databaseUrl).toBeNull();
    expect(() => loadConfig({ ...base, DATABASE_URL: 'mysql://db/stemline' })).toThrow(
      /postgres:\/\//,
    );
    expect(() =>
      loadConfig({ ...base, DATABASE_URL: 'postgres://db/stemline', BACKUP_DIR: '/mnt/b' }),
    ).toThrow(/BACKUP_DIR snapshots the SQLite file/);
  });
});

import { chmodSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';

export interface BackupSettings {
  /** Folder the snapshots go to; best on another disk or a mounted remote volume. */
  dir: string;
  intervalMs: number;
  /** How many snapshots to keep; older ones are deleted after each new one is complete. */
  keep: number;
}

const NAME = /^stemline-(\d{8}T\d{6}Z)\.sqlite$/;

/** `stemline-20261126T053000Z.sqlite`: sorts by time, names the moment it was taken. */
export function backupName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `stemline-${stamp}.sqlite`;
}

/**
 * Takes one consistent snapshot of the live database with SQLite's online backup (pages are
 * copied in steps while the server keeps serving; writes made meanwhile restart the copy of
 * what they touched), into a temporary name renamed when complete, so a snapshot on disk is
 * always whole. Then deletes all but the newest `keep`.
 */
export async function takeBackup(
  db: Database.Database,
  settings: Pick<BackupSettings, 'dir' | 'keep'>,
  now: Date = new Date(),
): Promise<string> {
  mkdirSync(settings.dir, { recursive: true });
  const file = path.join(settings.dir, backupName(now));
  const partial = `${file}.partial`;
  try {
    await db.backup(partial);
    // A snapshot holds what the database holds, signing secrets too: its owner alone reads it.
    chmodSync(partial, 0o600);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  const snapshots = readdirSync(settings.dir)
    .filter((name) => NAME.test(name))
    .sort();
  for (const old of snapshots.slice(0, Math.max(0, snapshots.length - settings.keep))) {
    rmSync(path.join(settings.dir, old), { force: true });
  }
  return file;
}

/**
 * Snapshots on a timer while the server runs (BACKUP_DIR). A failed snapshot is reported and
 * the next tick tries again; it never stops the server.
 */
export function startBackups(db: Database.Database, settings: BackupSettings): () => void {
  let running = false;
  const tick = (): void => {
    if (running) return;
    running = true;
    takeBackup(db, settings)
      .catch((error: unknown) => {
        console.error(`Backup to ${settings.dir} failed:`, error);
      })
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, settings.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

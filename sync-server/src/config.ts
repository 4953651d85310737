import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { loadAccountsConfig, type AccountsConfig } from './accounts/accounts-config';
import { loadUploadLimits, type UploadLimits } from './claims/upload-limits';
import type { BackupSettings } from './db/backups';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('localhost'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  CATALOG_SCALE: z.enum(['demo', 'full']).default('full'),
  JWT_SECRET: z.string().min(32).optional(),
  PWA_DIST: z.string().default(path.join(repoRoot, 'pwa', 'dist')),
  STEMLINE_TEST_CLOCK: z.enum(['0', '1']).default('0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(96),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
});

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** The SQLite file, used when `databaseUrl` is null. */
  databaseFile: string;
  /** DATABASE_URL: serve from this PostgreSQL database (several nodes may share it). */
  databaseUrl: string | null;
  seedDemo: boolean;
  catalogScale: 'demo' | 'full';
  jwtSecret: string | undefined;
  pwaDist: string;
  /** End-to-end tests only: lets `POST /api/test/clock` move the server clock forward. */
  testClock: boolean;
  /** Accounts, mail, captcha and role-redirect settings (accounts/accounts-config.ts). */
  accounts: AccountsConfig;
  /** What one customer may upload in 24 hours (claims/upload-limits.ts). */
  uploads: UploadLimits;
  /**
   * Online snapshots of the SQLite file while serving (db/backups.ts); off without BACKUP_DIR.
   * SQLite only: PostgreSQL is backed up with its own tools (docs/deployment.md).
   */
  backups: BackupSettings | null;
  /**
   * How many reverse proxies of ours stand in front of this node (a load balancer: 1). With 0 the
   * client is the socket's address and `X-Forwarded-*` headers are ignored; with n, the client is
   * the address the outermost of our proxies saw (the n-th `X-Forwarded-For` entry from the
   * right), so per-client limits count real clients and an entry a client wrote itself is not
   * believed.
   */
  trustedProxyHops: number;
}

/** Reads the server's configuration from the environment; a bad value stops start-up with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.parse(env);
  if (parsed.DATABASE_URL && parsed.BACKUP_DIR) {
    // Said plainly rather than snapshotting an SQLite file nobody writes to.
    throw new Error(
      "BACKUP_DIR snapshots the SQLite file; with DATABASE_URL the data is in PostgreSQL: back it up with PostgreSQL's own tools (pg_basebackup and WAL archiving, docs/deployment.md) and unset BACKUP_DIR.",
    );
  }
  const dataDir = path.resolve(parsed.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    databaseFile: path.join(dataDir, 'stemline.sqlite'),
    databaseUrl: parsed.DATABASE_URL ?? null,
    seedDemo: parsed.SEED_DEMO === '1',
    catalogScale: parsed.CATALOG_SCALE,
    jwtSecret: parsed.JWT_SECRET,
    pwaDist: path.resolve(parsed.PWA_DIST),
    testClock: parsed.STEMLINE_TEST_CLOCK === '1',
    accounts: loadAccountsConfig(env),
    uploads: loadUploadLimits(env),
    backups: parsed.BACKUP_DIR
      ? {
          dir: path.resolve(parsed.BACKUP_DIR),
          intervalMs: parsed.BACKUP_INTERVAL_MINUTES * 60_000,
          keep: parsed.BACKUP_KEEP,
        }
      : null,
    trustedProxyHops: parsed.TRUSTED_PROXY_HOPS,
  };
}

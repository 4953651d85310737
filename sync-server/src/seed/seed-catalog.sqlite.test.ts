import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { openDatabase, type Db } from '../db/database';
import { makeTempDir, removeDir } from '../test-support/test-server';
import { seedCatalog } from './seed-catalog';

const NOW = Date.parse('2026-11-21T15:00:00Z');
const dirs: string[] = [];
const dbs: Db[] = [];

function freshDb(): Db {
  const dir = makeTempDir('stemline-seed-');
  dirs.push(dir);
  const db = openDatabase(path.join(dir, 'stemline.sqlite'));
  dbs.push(db);
  return db;
}

/** Everything the seed writes except the catalogue id, which names one database. */
function contents(db: Db) {
  const all = (sql: string) => db.prepare(sql).all();
  return {
    varieties: all('SELECT * FROM varieties ORDER BY key'),
    growers: all('SELECT * FROM growers ORDER BY key'),
    offers: all('SELECT * FROM offers ORDER BY inventory_key'),
    holidays: all('SELECT * FROM holidays ORDER BY key'),
    disclaimers: all('SELECT * FROM disclaimers ORDER BY key'),
    synonyms: all('SELECT * FROM search_text_replacements ORDER BY text'),
  };
}

const catalogId = (db: Db) =>
  db.prepare("SELECT value FROM meta WHERE key = 'catalog_id'").pluck().get() as string;

afterEach(() => {
  dbs.splice(0).forEach((db) => db.close());
  dirs.splice(0).forEach(removeDir);
});

describe('seedCatalog', () => {
  it('writes the same catalogue, extras included, on two databases; only the id differs', () => {
    const a = freshDb();
    const b = freshDb();
    expect(seedCatalog(a, { scale: 'demo', nowMs: NOW })).toBeGreaterThan(0);
    seedCatalog(b, { scale: 'demo', nowMs: NOW });
    expect(contents(b)).toEqual(contents(a));
    expect(catalogId(a)).toMatch(/^[0-9a-f-]{36}$/);
    expect(catalogId(b)).not.toBe(catalogId(a));
  });

  it('writes once: a second start keeps the data and the catalogue id', () => {
    const db = freshDb();
    seedCatalog(db, { scale: 'demo', nowMs: NOW });
    const before = { ...contents(db), id: catalogId(db) };
    expect(seedCatalog(db, { scale: 'demo', nowMs: NOW + 86_400_000 })).toBe(0);
    expect({ ...contents(db), id: catalogId(db) }).toEqual(before);
  });

  it('adds the extras to a catalogue seeded before they existed', () => {
    const db = freshDb();
    seedCatalog(db, { scale: 'demo', nowMs: NOW });
    const expected = contents(db);
    db.exec(
      "DELETE FROM holidays; DELETE FROM disclaimers; DELETE FROM search_text_replacements; UPDATE varieties SET note = NULL; UPDATE growers SET note = NULL; DELETE FROM meta WHERE key = 'catalog_id';",
    );
    expect(seedCatalog(db, { scale: 'demo', nowMs: NOW })).toBe(0);
    expect(contents(db)).toEqual(expected);
    expect(catalogId(db)).toBeTruthy();
  });

  it('fills holidays of this year and the next, disclaimers, notes and synonyms', () => {
    const db = freshDb();
    seedCatalog(db, { scale: 'demo', nowMs: NOW });
    const count = (sql: string) => db.prepare(sql).pluck().get() as number;
    expect(count('SELECT COUNT(*) FROM holidays WHERE date BETWEEN 20260101 AND 20271231')).toBe(
      28,
    );
    expect(count("SELECT COUNT(*) FROM disclaimers WHERE product_group_key = 'pg-anthurium'")).toBe(
      1,
    );
    expect(
      count(
        "SELECT COUNT(*) FROM varieties v WHERE (v.name LIKE 'Tinted %' OR v.name LIKE 'Dyed %' OR v.name LIKE 'Airbrushed %') AND NOT EXISTS (SELECT 1 FROM disclaimers d WHERE d.variety_key = v.key)",
      ),
    ).toBe(0);
    expect(count('SELECT COUNT(*) FROM varieties WHERE note IS NOT NULL')).toBeGreaterThan(20);
    expect(count('SELECT COUNT(*) FROM growers WHERE note IS NOT NULL')).toBeGreaterThan(10);
    expect(count("SELECT COUNT(*) FROM search_text_replacements WHERE text = 'hortensia'")).toBe(1);
  });
});

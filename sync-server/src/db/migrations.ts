import type Database from 'better-sqlite3';

/**
 * Schema migrations, applied in order, each once, recorded in `PRAGMA user_version`.
 * Append only: never edit a migration that has shipped.
 */
const migrations: readonly string[] = [
  `
  CREATE TABLE change_seq (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
  INSERT INTO change_seq (id, value) VALUES (1, 0);

  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE customers (
    key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    business TEXT,
    tier TEXT,
    zipcode TEXT,
    main_street TEXT,
    main_city TEXT,
    main_state TEXT,
    main_zipcode TEXT,
    guest INTEGER NOT NULL DEFAULT 0,
    n_orders INTEGER NOT NULL DEFAULT 0,
    first_purchase_date INTEGER,
    preferences TEXT NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL
  );

  CREATE TABLE users (
    key TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('florist', 'grower', 'manager')),
    customer_key TEXT REFERENCES customers (key),
    active INTEGER NOT NULL DEFAULT 1,
    flags TEXT NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL
  );

  CREATE TABLE categories (key TEXT PRIMARY KEY, name TEXT NOT NULL);
  CREATE TABLE product_groups (key TEXT PRIMARY KEY, name TEXT NOT NULL, category_key TEXT NOT NULL REFERENCES categories (key));
  CREATE TABLE colors (key TEXT PRIMARY KEY, name TEXT NOT NULL, color_code TEXT NOT NULL);
  CREATE TABLE growers (
    key TEXT PRIMARY KEY,
    grower_name TEXT NOT NULL,
    country_iso TEXT NOT NULL,
    country_name TEXT NOT NULL,
    importer INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE varieties (
    key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    product_group_key TEXT NOT NULL REFERENCES product_groups (key),
    color_key TEXT NOT NULL REFERENCES colors (key),
    tags TEXT NOT NULL DEFAULT '[]',
    search_name TEXT NOT NULL,
    rank INTEGER NOT NULL,
    active INTEGER NOT NULL DEFAULT 1
  );

  -- Per-grower price rows. available counts units and can never go negative.
  CREATE TABLE offers (
    inventory_key INTEGER PRIMARY KEY,
    variety_key TEXT NOT NULL REFERENCES varieties (key),
    grower_key TEXT NOT NULL REFERENCES growers (key),
    eta_from INTEGER NOT NULL,
    eta_to INTEGER NOT NULL,
    length INTEGER NOT NULL,
    stems_per_bunch INTEGER NOT NULL,
    bunches_in_box INTEGER NOT NULL,
    uom TEXT NOT NULL,
    packing_date INTEGER NOT NULL,
    open_market INTEGER NOT NULL,
    available INTEGER NOT NULL CHECK (available >= 0),
    grower_price REAL NOT NULL,
    import_duties_tax REAL NOT NULL,
    freight_cost REAL NOT NULL,
    box_charge REAL NOT NULL,
    margin_discount REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX offers_by_window ON offers (eta_to, eta_from);
  CREATE INDEX offers_by_version ON offers (version);

  -- Replicated per-customer collections share one shape: a JSON doc, its seq, a tombstone flag.
  CREATE TABLE cart_lines (
    customer_key TEXT NOT NULL,
    key TEXT NOT NULL,
    doc TEXT NOT NULL,
    seq INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0,
    inventory_key INTEGER NOT NULL,
    boxes INTEGER NOT NULL,
    reserved_until INTEGER,
    PRIMARY KEY (customer_key, key)
  );
  CREATE INDEX cart_lines_by_seq ON cart_lines (customer_key, seq);
  CREATE INDEX cart_lines_by_reservation ON cart_lines (reserved_until) WHERE deleted = 0 AND reserved_until IS NOT NULL;

  CREATE TABLE notices (
    customer_key TEXT NOT NULL,
    key TEXT NOT NULL,
    doc TEXT NOT NULL,
    seq INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (customer_key, key)
  );
  CREATE INDEX notices_by_seq ON notices (customer_key, seq);

  -- The idempotency record of every pushed mutation and the result it got the first time.
  CREATE TABLE mutations (
    id TEXT PRIMARY KEY,
    customer_key TEXT NOT NULL,
    client_id TEXT NOT NULL,
    name TEXT NOT NULL,
    result TEXT NOT NULL,
    applied_seq INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    applied_at INTEGER NOT NULL
  );
  `,
];

/** Applies every migration the database has not seen yet, each in its own transaction. */
export function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < migrations.length; version += 1) {
    const sql = migrations[version];
    if (sql === undefined) break;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

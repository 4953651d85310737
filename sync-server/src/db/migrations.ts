import type Database from 'better-sqlite3';
import {
  CART_LINE_MONEY,
  CLAIM_MONEY,
  CUSTOM_BOX_MONEY,
  fromDollars,
  ORDER_MONEY,
  SHOPPING_LIST_MONEY,
  type MoneyShape,
} from '@stemline/shared';

/** A synced table's JSON documents rewritten by a pure function, the same on both engines. */
export interface DocumentRewrite {
  /** A synced table: (customer_key, key) is its primary key and `doc` its JSON document. */
  table: string;
  convert: (doc: unknown) => unknown;
}

/**
 * A migration: SQL in SQLite's dialect (postgres-dialect.ts maps it), or SQL and then a rewrite
 * of stored documents that SQL alone cannot make on both engines.
 */
export type Migration = string | { sql: string; documents: readonly DocumentRewrite[] };

/** The SQL of a migration. */
export function migrationSql(migration: Migration): string {
  return typeof migration === 'string' ? migration : migration.sql;
}

/** The document rewrites of a migration (none for plain SQL). */
export function migrationDocuments(migration: Migration): readonly DocumentRewrite[] {
  return typeof migration === 'string' ? [] : migration.documents;
}

const inCents = (table: string, shape: MoneyShape): DocumentRewrite => ({
  table,
  convert: (doc) => fromDollars(doc, shape),
});

/**
 * Dollars of a REAL column to whole cents (or mills, `unit` 1000), half up as `dollarsToCents`
 * does: the product can fall just under a half (4.015 × 100 = 401.4999…), and the nudge, far
 * below a unit, puts it back, so no engine is left a tie to break its own way. Every amount is
 * non-negative.
 */
const wholeUnits = (column: string, unit: 100 | 1000): string =>
  `ROUND(${column} * ${unit} + 0.0000001)`;

/**
 * Schema migrations, applied in order, each once, recorded in `PRAGMA user_version`.
 * Append only: never edit a migration that has shipped.
 */
export const migrations: readonly Migration[] = [
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
  // Custom boxes (cart) and the products the server removed from carts.
  `
  CREATE TABLE custom_boxes (
    customer_key TEXT NOT NULL,
    key TEXT NOT NULL,
    doc TEXT NOT NULL,
    seq INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (customer_key, key)
  );
  CREATE INDEX custom_boxes_by_seq ON custom_boxes (customer_key, seq);

  CREATE TABLE deleted_products (
    customer_key TEXT NOT NULL,
    key TEXT NOT NULL,
    variety_key TEXT NOT NULL,
    variety_name TEXT NOT NULL,
    inventory_key INTEGER NOT NULL,
    eta_date INTEGER NOT NULL,
    boxes INTEGER NOT NULL,
    reason TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    acknowledged INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (customer_key, key)
  );
  `,
  // Checkout, purchase orders, saved cards and favourites (sync-server/src/checkout, orders,
  // payments, favorites). The first four tables are synced collections with the standard columns.
  `
  CREATE TABLE orders (
    customer_key TEXT NOT NULL,
    key TEXT NOT NULL,
    doc TEXT NOT NULL,
    seq INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0,
    number TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL CHECK (status IN ('placed', 'partially_cancelled', 'cancelled')),
    purchase_date INTEGER NOT NULL,
    total REAL NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (customer_key, key)
  );
  CREATE INDEX orders_by_seq ON orders (customer_key, seq);
  CREATE INDEX orders_by_purchase_date ON orders (customer_key, purchase_date, created_at);

  -- Purchase-order rows: boxes sold of one price row; cancelling one returns its units.
  CREATE TABLE order_lines (
    customer_key TEXT NOT NULL,
    order_key TEXT NOT NULL,
    line_no INTEGER NOT NULL,
    inventory_key INTEGER NOT NULL,
    variety_key TEXT NOT NULL,
    grower_key TEXT NOT NULL,
    eta_date INTEGER NOT NULL,
    boxes INTEGER NOT NULL CHECK (boxes > 0),
    units INTEGER NOT NULL CHECK (units > 0),
    stem_price REAL NOT NULL,
    total REAL NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('placed', 'cancelled')),
    PRIMARY KEY (customer_key, order_key, line_no),
    FOREIGN KEY (customer_key, order_key) REFERENCES orders (customer_key, key)
  );
  CREATE INDEX order_lines_by_inventory ON order_lines (inventory_key) WHERE status = 'placed';

  -- Tokenised cards: brand, last 4 and expiry in doc; the processor token never leaves the server.
  CREATE TABLE payment_cards (
    customer_key TEXT NOT NULL,
    key TEXT NOT NULL,
    doc TEXT NOT NULL,
    seq INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0,
    token TEXT NOT NULL UNIQUE,
    PRIMARY KEY (customer_key, key)
  );
  CREATE INDEX payment_cards_by_seq ON payment_cards (customer_key, seq);

  CREATE TABLE favorites (
    customer_key TEXT NOT NULL,
    key TEXT NOT NULL,
    doc TEXT NOT NULL,
    seq INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0,
    variety_key TEXT NOT NULL,
    PRIMARY KEY (customer_key, key)
  );
  CREATE INDEX favorites_by_seq ON favorites (customer_key, seq);

  -- extend_expiration_boxes grants one extension per cart line per time it was added.
  CREATE TABLE hold_extensions (
    customer_key TEXT NOT NULL,
    line_key TEXT NOT NULL,
    line_added_at INTEGER NOT NULL,
    extended_at INTEGER NOT NULL,
    PRIMARY KEY (customer_key, line_key, line_added_at)
  );
  `,
  // Delivery addresses (sync-server/src/customers): the synced `addresses` collection with the
  // standard columns, and the address the customer's current order goes to.
  `
  CREATE TABLE addresses (
    customer_key TEXT NOT NULL,
    key TEXT NOT NULL,
    doc TEXT NOT NULL,
    seq INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (customer_key, key)
  );
  CREATE INDEX addresses_by_seq ON addresses (customer_key, seq);

  ALTER TABLE customers ADD COLUMN actual_address TEXT;
  `,
  // Catalogue at scale (sync-server/src/catalog, src/seed): holidays, disclaimers, search
  // synonyms, product and grower notes, and the change sequence of each offer's last price
  // change (its stock and price changes both set version; price changes also price_version).
  `
  ALTER TABLE offers ADD COLUMN price_version INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX offers_by_price_version ON offers (price_version);
  ALTER TABLE varieties ADD COLUMN note TEXT;
  ALTER TABLE growers ADD COLUMN note TEXT;

  CREATE TABLE holidays (
    key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    date INTEGER NOT NULL,
    no_delivery INTEGER NOT NULL,
    peak INTEGER NOT NULL
  );
  CREATE INDEX holidays_by_date ON holidays (date);

  -- Exactly one match field is set: a product group, a variety, a category or a grower.
  CREATE TABLE disclaimers (
    key TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    product_group_key TEXT,
    variety_key TEXT,
    category_key TEXT,
    grower_key TEXT,
    CHECK ((product_group_key IS NOT NULL) + (variety_key IS NOT NULL) +
           (category_key IS NOT NULL) + (grower_key IS NOT NULL) = 1)
  );

  CREATE TABLE search_text_replacements (
    text TEXT PRIMARY KEY,
    replacement TEXT NOT NULL
  );
  `,
  // Accounts and access (sync-server/src/accounts, auth, captcha, mail, rate-limit,
  // config-models): sign-up answers and referral on the customer, used captcha solutions, the
  // mail outbox, password-reset codes (hashed), rate-limit events, config records, revoked
  // tokens and the customer-relationship contacts hunters own.
  `
  ALTER TABLE customers ADD COLUMN profile TEXT NOT NULL DEFAULT '{}';
  ALTER TABLE customers ADD COLUMN referral_code TEXT;
  ALTER TABLE customers ADD COLUMN referral TEXT;
  ALTER TABLE customers ADD COLUMN owner_key TEXT;
  ALTER TABLE customers ADD COLUMN account_manager TEXT;
  ALTER TABLE customers ADD COLUMN main_user_key TEXT;
  CREATE UNIQUE INDEX customers_by_referral_code ON customers (referral_code) WHERE referral_code IS NOT NULL;
  CREATE INDEX users_by_customer ON users (customer_key);

  CREATE TABLE captcha_used (signature TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);

  CREATE TABLE mail_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body_text TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    sent_at INTEGER,
    error TEXT
  );

  -- Only a SHA-256 of each code is kept; a code is used once and expires.
  CREATE TABLE password_resets (
    code_hash TEXT PRIMARY KEY,
    user_key TEXT NOT NULL REFERENCES users (key),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  );
  CREATE INDEX password_resets_by_user ON password_resets (user_key);

  CREATE TABLE rate_limit_events (scope TEXT NOT NULL, subject TEXT NOT NULL, at INTEGER NOT NULL);
  CREATE INDEX rate_limit_events_by_subject ON rate_limit_events (scope, subject, at);

  CREATE TABLE config_records (
    model TEXT NOT NULL,
    key TEXT NOT NULL,
    doc TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (model, key)
  );

  CREATE TABLE revoked_tokens (jti TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);

  CREATE TABLE crm_contacts (
    email TEXT PRIMARY KEY COLLATE NOCASE,
    owner_key TEXT REFERENCES users (key),
    customer_key TEXT,
    created_by TEXT,
    created_at INTEGER NOT NULL
  );
  `,
  // Accounts: a password change ends the user's other sessions. Tokens carry the user's
  // token_version (claim `tv`); the session check refuses a token whose version is not current.
  `
  ALTER TABLE users ADD COLUMN token_version INTEGER NOT NULL DEFAULT 0;
  `,
  // Checkout: closed custom boxes are ordered; one purchase-order row per price row in a box.
  `
  CREATE TABLE order_box_items (
    customer_key TEXT NOT NULL,
    order_key TEXT NOT NULL,
    box_key TEXT NOT NULL,
    inventory_key INTEGER NOT NULL,
    eta_date INTEGER NOT NULL,
    bunches INTEGER NOT NULL CHECK (bunches > 0),
    units INTEGER NOT NULL CHECK (units > 0),
    stem_price REAL NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('placed', 'cancelled')),
    PRIMARY KEY (customer_key, order_key, box_key, inventory_key),
    FOREIGN KEY (customer_key, order_key) REFERENCES orders (customer_key, key)
  );
  `,
  // Cart: a staff price change re-prices the open lines of one price row, found by this index.
  `
  CREATE INDEX cart_lines_by_inventory ON cart_lines (inventory_key) WHERE deleted = 0;
  `,
  // Search synonyms: the seed and the app now share one list (shared DEFAULT_SEARCH_TEXT_REPLACEMENTS).
  // A database seeded with the server's earlier list sent 'crisantemo' to 'chrysanthemum', a word
  // the catalogue does not use (it says Mums), and lacked the botanical names: it gets them. Only
  // such a database (found by that row) is touched.
  `
  CREATE TEMP TABLE earlier_seed AS
    SELECT 1 AS found FROM search_text_replacements
    WHERE text = 'crisantemo' AND replacement = 'chrysanthemum';
  UPDATE search_text_replacements SET replacement = 'mums'
    WHERE text IN ('mum', 'crisantemo') AND replacement = 'chrysanthemum'
      AND EXISTS (SELECT 1 FROM earlier_seed);
  INSERT OR IGNORE INTO search_text_replacements (text, replacement)
    SELECT column1, column2 FROM (VALUES
      ('chrysanthemum', 'mums'), ('chrysanthemums', 'mums'), ('crisantemos', 'mums'),
      ('baby breath', 'gypsophila'))
    WHERE EXISTS (SELECT 1 FROM earlier_seed);
  DROP TABLE earlier_seed;
  `,
  // Claims (issue 24): the synced claims (a claim and its items as one doc), the spec's folders
  // and uploaded files (bytes under DATA_DIR/uploads, named by the server), and claim error
  // events (spec §8).
  `
  CREATE TABLE claims (
    customer_key TEXT NOT NULL,
    key TEXT NOT NULL,
    doc TEXT NOT NULL,
    seq INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0,
    order_key TEXT NOT NULL,
    status TEXT NOT NULL,
    PRIMARY KEY (customer_key, key)
  );
  CREATE INDEX claims_by_seq ON claims (customer_key, seq);
  CREATE INDEX claims_by_order ON claims (customer_key, order_key) WHERE deleted = 0;
  CREATE UNIQUE INDEX claims_by_key ON claims (key);
  CREATE TABLE upload_folders (
    key TEXT PRIMARY KEY,
    owner_key TEXT NOT NULL,
    name TEXT NOT NULL,
    parent_key TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    UNIQUE (owner_key, parent_key, name)
  );
  CREATE TABLE uploads (
    key TEXT PRIMARY KEY,
    owner_key TEXT NOT NULL,
    folder_key TEXT NOT NULL REFERENCES upload_folders (key),
    file_name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('image', 'video')),
    ext TEXT NOT NULL,
    mime TEXT NOT NULL,
    bytes INTEGER NOT NULL CHECK (bytes > 0),
    created_at INTEGER NOT NULL,
    UNIQUE (folder_key, file_name)
  );
  CREATE TABLE claim_events (
    id INTEGER PRIMARY KEY,
    customer_key TEXT NOT NULL,
    claim_key TEXT NOT NULL,
    line_no INTEGER,
    error TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  `,
  // Shopping lists (issue 25): one synced document per list, holding its items and last run.
  `
  CREATE TABLE shopping_lists (
    customer_key TEXT NOT NULL,
    key TEXT NOT NULL,
    doc TEXT NOT NULL,
    seq INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (customer_key, key)
  );
  CREATE INDEX shopping_lists_by_seq ON shopping_lists (customer_key, seq);
  `,
  // Events, delivery schedules, account managers, farms, statements and analytics (issue 26):
  // the synced `events` (one doc per event), the weekdays and cut-off that deliver to a state or
  // zip prefix, a staff override of the zip check per customer, the manager's phone and photo,
  // the farms a customer prefers or blocked, credits and payments in integer cents, and the
  // app's analytics events.
  `
  CREATE TABLE events (
    customer_key TEXT NOT NULL,
    key TEXT NOT NULL,
    doc TEXT NOT NULL,
    seq INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (customer_key, key)
  );
  CREATE INDEX events_by_seq ON events (customer_key, seq);

  CREATE TABLE delivery_schedules (
    region TEXT PRIMARY KEY,
    weekdays TEXT NOT NULL,
    cutoff TEXT NOT NULL
  );
  ALTER TABLE customers ADD COLUMN force_zipcode TEXT;
  ALTER TABLE users ADD COLUMN phone TEXT;
  ALTER TABLE users ADD COLUMN photo_url TEXT;

  CREATE TABLE customer_growers (
    customer_key TEXT NOT NULL,
    grower_key TEXT NOT NULL,
    relation TEXT NOT NULL CHECK (relation IN ('preferred', 'blocked')),
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (customer_key, grower_key)
  );

  CREATE TABLE account_entries (
    key TEXT PRIMARY KEY,
    customer_key TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('credit', 'payment')),
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    note TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX account_entries_by_customer ON account_entries (customer_key, at);

  CREATE TABLE analytics_events (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    customer_key TEXT,
    user_key TEXT,
    ip TEXT NOT NULL,
    props TEXT NOT NULL,
    extra TEXT NOT NULL,
    meta TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX analytics_events_by_at ON analytics_events (at);
  `,
  // Standing orders (issue 25): one synced document per standing order, schedule and lines inside.
  `
  CREATE TABLE standing_orders (
    customer_key TEXT NOT NULL,
    key TEXT NOT NULL,
    doc TEXT NOT NULL,
    seq INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (customer_key, key)
  );
  CREATE INDEX standing_orders_by_seq ON standing_orders (customer_key, seq);
  `,
  // Scheduled mails (issue 26): one row per customer, kind and period, written in the same
  // transaction as the mail it queued, so a mail of a period is sent once whatever runs twice.
  `
  CREATE TABLE scheduled_mails (
    kind TEXT NOT NULL,
    customer_key TEXT NOT NULL,
    period TEXT NOT NULL,
    mail_id INTEGER,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (kind, customer_key, period)
  );
  CREATE INDEX scheduled_mails_by_customer ON scheduled_mails (customer_key, kind, created_at);
  `,
  // Account credit (issue 24): a credited claim puts a 'credit' on the customer's balance and the
  // order that takes it records a 'credit_applied' (account-ledger/). SQLite cannot widen a
  // CHECK, so the table is rebuilt with its rows.
  `
  CREATE TABLE account_entries_next (
    key TEXT PRIMARY KEY,
    customer_key TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('credit', 'payment', 'credit_applied')),
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    note TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  INSERT INTO account_entries_next (key, customer_key, kind, amount_cents, note, at)
    SELECT key, customer_key, kind, amount_cents, note, at FROM account_entries;
  DROP TABLE account_entries;
  ALTER TABLE account_entries_next RENAME TO account_entries;
  CREATE INDEX account_entries_by_customer ON account_entries (customer_key, at);
  `,
  // Chunked, resumable uploads of claim videos (issue 24): one row per upload under way, its
  // bytes so far in DATA_DIR/upload-parts/<key>.part; `ext` once its content was sniffed.
  `
  CREATE TABLE upload_sessions (
    key TEXT PRIMARY KEY,
    owner_key TEXT NOT NULL,
    folder_key TEXT NOT NULL,
    file_name TEXT NOT NULL,
    size INTEGER NOT NULL CHECK (size > 0),
    received INTEGER NOT NULL DEFAULT 0 CHECK (received >= 0 AND received <= size),
    ext TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    UNIQUE (folder_key, file_name)
  );
  CREATE INDEX upload_sessions_by_updated ON upload_sessions (updated_at);
  `,
  // The standing-order scheduler (issue 25): one row per standing order and delivery week it has
  // decided, written in the same transaction as the week's order, so a week is made once
  // whatever restarts, crashes or concurrent runs happen. \`outcome\` says what was done.
  `
  CREATE TABLE standing_order_runs (
    customer_key TEXT NOT NULL,
    standing_order_key TEXT NOT NULL,
    week INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    order_key TEXT,
    decided_at INTEGER NOT NULL,
    PRIMARY KEY (customer_key, standing_order_key, week)
  );
  CREATE INDEX standing_order_runs_by_week ON standing_order_runs (week);
  `,
  // The farm a grower login works for (issue 24): it confirms and ships that farm's rows only.
  // Null for florists and managers, and for a grower not yet tied to a farm (it acts on nothing).
  `
  ALTER TABLE users ADD COLUMN grower_key TEXT REFERENCES growers (key);
  `,
  // Money in whole cents (issue 22): the dollar REAL columns become INTEGER cents, a price row's
  // parts INTEGER mills (tenths of a cent), each amount rounded once, half up; the synced
  // documents that carry money get the same fields as `…_cents`. The DEFAULT only serves ADD
  // COLUMN on the rows already there: every insert names the new columns.
  {
    sql: `
  ALTER TABLE offers ADD COLUMN grower_price_mills INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE offers ADD COLUMN freight_cost_mills INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE offers ADD COLUMN box_charge_mills INTEGER NOT NULL DEFAULT 0;
  UPDATE offers SET grower_price_mills = ${wholeUnits('grower_price', 1000)},
    freight_cost_mills = ${wholeUnits('freight_cost', 1000)},
    box_charge_mills = ${wholeUnits('box_charge', 1000)};
  ALTER TABLE offers DROP COLUMN grower_price;
  ALTER TABLE offers DROP COLUMN freight_cost;
  ALTER TABLE offers DROP COLUMN box_charge;

  ALTER TABLE orders ADD COLUMN total_cents INTEGER NOT NULL DEFAULT 0;
  UPDATE orders SET total_cents = ${wholeUnits('total', 100)};
  ALTER TABLE orders DROP COLUMN total;

  ALTER TABLE order_lines ADD COLUMN stem_price_cents INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE order_lines ADD COLUMN total_cents INTEGER NOT NULL DEFAULT 0;
  UPDATE order_lines SET stem_price_cents = ${wholeUnits('stem_price', 100)},
    total_cents = ${wholeUnits('total', 100)};
  ALTER TABLE order_lines DROP COLUMN stem_price;
  ALTER TABLE order_lines DROP COLUMN total;

  ALTER TABLE order_box_items ADD COLUMN stem_price_cents INTEGER NOT NULL DEFAULT 0;
  UPDATE order_box_items SET stem_price_cents = ${wholeUnits('stem_price', 100)};
  ALTER TABLE order_box_items DROP COLUMN stem_price;
  `,
    documents: [
      inCents('cart_lines', CART_LINE_MONEY),
      inCents('custom_boxes', CUSTOM_BOX_MONEY),
      inCents('orders', ORDER_MONEY),
      inCents('claims', CLAIM_MONEY),
      inCents('shopping_lists', SHOPPING_LIST_MONEY),
    ],
  },
  // When a customer last logged in (spec §3: "The customer record also holds last_login"), in
  // epoch milliseconds; null until its first log-in after this migration.
  `
  ALTER TABLE customers ADD COLUMN last_login INTEGER;
  `,
  // A removed product the buyer acknowledges is deleted (cart/deleted-product-repository.ts), so
  // nothing sets deleted_products.acknowledged any more: rows acknowledged before that go, and
  // the column with them.
  `
  DELETE FROM deleted_products WHERE acknowledged <> 0;
  ALTER TABLE deleted_products DROP COLUMN acknowledged;
  `,
  // When a removed product's cart line was added: a session made from an email alone lists only
  // the products of lines it added itself (auth/mailbox-proof.ts). Null for older rows, which
  // such a session therefore never sees.
  `
  ALTER TABLE deleted_products ADD COLUMN line_added_at INTEGER;
  `,
  // A customer's upload limits of the last 24 hours (claims/upload-limits.ts): its files and
  // folders by time, its uploads under way, each found without reading everyone's.
  `
  CREATE INDEX uploads_by_owner ON uploads (owner_key, created_at);
  CREATE INDEX upload_folders_by_owner ON upload_folders (owner_key, created_at);
  CREATE INDEX upload_sessions_by_owner ON upload_sessions (owner_key);
  `,
];

/** Rewrites every stored document of a table (tombstones too) through `convert`. */
function rewriteSqliteDocuments(db: Database.Database, { table, convert }: DocumentRewrite): void {
  const update = db.prepare(`UPDATE ${table} SET doc = ? WHERE customer_key = ? AND key = ?`);
  const rows = db
    .prepare<[], { customer_key: string; key: string; doc: string }>(
      `SELECT customer_key, key, doc FROM ${table}`,
    )
    .all();
  for (const row of rows) {
    const doc = JSON.stringify(convert(JSON.parse(row.doc)));
    if (doc !== row.doc) update.run(doc, row.customer_key, row.key);
  }
}

/**
 * Applies every migration the database has not seen yet, each in its own transaction; `upTo`
 * stops before that one (tests fill an older schema with it).
 */
export function migrate(db: Database.Database, upTo = migrations.length): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < upTo; version += 1) {
    const migration = migrations[version];
    if (migration === undefined) break;
    db.transaction(() => {
      db.exec(migrationSql(migration));
      for (const rewrite of migrationDocuments(migration)) rewriteSqliteDocuments(db, rewrite);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

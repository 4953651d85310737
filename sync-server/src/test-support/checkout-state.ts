import type { Db } from '../db/database';
import { databaseState, databaseStateOf, type TestSql } from './test-server';

/**
 * `databaseState` plus what checkout, orders, cards and favourites write: equal before and after
 * a call means the call changed nothing.
 */
export function checkoutState(db: Db) {
  const all = (sql: string) => db.prepare(sql).all();
  return {
    ...databaseState(db),
    customers: all('SELECT key, n_orders, first_purchase_date FROM customers ORDER BY key'),
    orders: all('SELECT * FROM orders ORDER BY customer_key, key'),
    orderLines: all('SELECT * FROM order_lines ORDER BY customer_key, order_key, line_no'),
    orderBoxItems: all(
      'SELECT * FROM order_box_items ORDER BY customer_key, order_key, box_key, inventory_key',
    ),
    cards: all('SELECT * FROM payment_cards ORDER BY customer_key, key'),
    favorites: all('SELECT * FROM favorites ORDER BY customer_key, key'),
    holdExtensions: all('SELECT * FROM hold_extensions ORDER BY customer_key, line_key'),
  };
}

/**
 * Gives customers the `referral` column when this database has none yet (the accounts
 * migration adds it); returns whether it had to.
 */
export function ensureReferralColumn(db: Db): boolean {
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(customers)').all();
  if (columns.some((column) => column.name === 'referral')) return false;
  db.exec('ALTER TABLE customers ADD COLUMN referral TEXT');
  return true;
}

export function setReferral(db: Db, customerKey: string, referral: string | null): void {
  ensureReferralColumn(db);
  db.prepare('UPDATE customers SET referral = ? WHERE key = ?').run(referral, customerKey);
}

/** `checkoutState`, read through the server's engine (either engine). */
export async function checkoutStateOf(sql: TestSql) {
  const all = (statement: string) => sql.all(statement);
  return {
    ...(await databaseStateOf(sql)),
    customers: await all('SELECT key, n_orders, first_purchase_date FROM customers ORDER BY key'),
    orders: await all('SELECT * FROM orders ORDER BY customer_key, key'),
    orderLines: await all('SELECT * FROM order_lines ORDER BY customer_key, order_key, line_no'),
    orderBoxItems: await all(
      'SELECT * FROM order_box_items ORDER BY customer_key, order_key, box_key, inventory_key',
    ),
    cards: await all('SELECT * FROM payment_cards ORDER BY customer_key, key'),
    favorites: await all('SELECT * FROM favorites ORDER BY customer_key, key'),
    holdExtensions: await all('SELECT * FROM hold_extensions ORDER BY customer_key, line_key'),
  };
}

/** `setReferral` through the server's engine; the migrations give both engines the column. */
export async function setReferralOf(
  sql: TestSql,
  customerKey: string,
  referral: string | null,
): Promise<void> {
  await sql.run('UPDATE customers SET referral = ? WHERE key = ?', [referral, customerKey]);
}

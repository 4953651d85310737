import { signToken } from '../auth/tokens';
import type { Db } from '../db/database';
import type { TestSql } from './test-server';

export interface TestBuyer {
  customerKey: string;
  userKey: string;
  token: string;
}

/**
 * Adds `count` florist accounts, each its own customer, straight into the database and signs a
 * token for each: load tests need more buyers than the demo seed has, and hashing a password
 * per buyer would only slow them down (these accounts cannot log in with a password).
 */
export function createTestBuyers(
  db: Db,
  jwtSecret: string,
  count: number,
  prefix = 'load',
): TestBuyer[] {
  const insertCustomer = db.prepare<[string, string]>(
    'INSERT INTO customers (key, name, created_at) VALUES (?, ?, 0)',
  );
  const insertUser = db.prepare<[string, string, string]>(
    `INSERT INTO users (key, email, password_hash, first_name, last_name, role, customer_key, created_at)
     VALUES (?, ?, 'no-password', 'Load', 'Test', 'florist', ?, 0)`,
  );
  const buyers = Array.from({ length: count }, (_, index) => {
    const customerKey = `c-${prefix}-${index}`;
    const userKey = `u-${prefix}-${index}`;
    return {
      customerKey,
      userKey,
      token: signToken(jwtSecret, { sub: userKey, customer: customerKey, role: 'florist' }),
    };
  });
  db.transaction(() => {
    for (const buyer of buyers) {
      insertCustomer.run(buyer.customerKey, buyer.customerKey);
      insertUser.run(buyer.userKey, `${buyer.userKey}@load.test`, buyer.customerKey);
    }
  })();
  return buyers;
}

/** `createTestBuyers` through the server's engine (either engine), one statement at a time. */
export async function createTestBuyersOf(
  sql: TestSql,
  jwtSecret: string,
  count: number,
  prefix = 'load',
): Promise<TestBuyer[]> {
  const buyers = Array.from({ length: count }, (_, index) => {
    const customerKey = `c-${prefix}-${index}`;
    const userKey = `u-${prefix}-${index}`;
    return {
      customerKey,
      userKey,
      token: signToken(jwtSecret, { sub: userKey, customer: customerKey, role: 'florist' }),
    };
  });
  for (const buyer of buyers) {
    await sql.run('INSERT INTO customers (key, name, created_at) VALUES (?, ?, 0)', [
      buyer.customerKey,
      buyer.customerKey,
    ]);
    await sql.run(
      `INSERT INTO users (key, email, password_hash, first_name, last_name, role, customer_key, created_at)
       VALUES (?, ?, 'no-password', 'Load', 'Test', 'florist', ?, 0)`,
      [buyer.userKey, `${buyer.userKey}@load.test`, buyer.customerKey],
    );
  }
  return buyers;
}

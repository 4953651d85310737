import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, messages, updateCompanyAnswerSchema } from '@stemline/shared';
import { run } from '../test-support/accounts';
import { createTestBuyersOf } from '../test-support/test-buyers';
import { startTestServer, type TestServer } from '../test-support/test-server';

const customerRow = (t: TestServer, key: string) =>
  t.sql.one(
    'SELECT name, main_street, main_city, main_state, main_zipcode FROM customers WHERE key = ?',
    [key],
  );

/** Issue 27 point 12: the main user edits the company name and main address; others cannot. */
describe('update_company_details', { timeout: 30_000 }, () => {
  let t: TestServer;
  let florist = '';

  beforeAll(async () => {
    t = await startTestServer();
    florist = await t.login('florist@stemline.test');
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const address = { address: '77 Harbor Street', city: 'Hoboken', state: 'NJ', zipcode: '07030' };

  it('saves the main user’s new name and address, and answers the user as it now reads', async () => {
    const answer = await run(
      t,
      'update_company_details',
      { name: '  Bennett   Blooms & Co ', address },
      florist,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { user } = updateCompanyAnswerSchema.parse(answer.body);
    expect(user.metadata).toMatchObject({
      customer_name: 'Bennett Blooms & Co',
      customer_main_street: '77 Harbor Street',
      customer_main_zipcode: '07030',
    });
  });

  it('refuses an address the form rule refuses, with the form’s message, changing nothing', async () => {
    const before = await customerRow(t, 'c-bennett');
    const answer = await run(
      t,
      'update_company_details',
      { name: 'Bennett Blooms', address: { ...address, zipcode: '7030' } },
      florist,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: messages.zipcodeDigits });
    const blank = await run(t, 'update_company_details', { name: '  ', address }, florist);
    expect(blank.body).toMatchObject({ error: accountMessages.companyNameRequired });
    expect(await customerRow(t, 'c-bennett')).toEqual(before);
  });

  it('refuses a user who is not the company’s main user, changing nothing', async () => {
    const [buyer] = await createTestBuyersOf(t.sql, t.server.context.jwtSecret, 1, 'company');
    if (!buyer) throw new Error('no buyer');
    await t.sql.run("UPDATE customers SET main_user_key = 'u-someone-else' WHERE key = ?", [
      buyer.customerKey,
    ]);
    const before = await customerRow(t, buyer.customerKey);
    const answer = await run(
      t,
      'update_company_details',
      { name: 'Taken Over', address },
      buyer.token,
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: accountMessages.companyOnlyMainUser });
    expect(await customerRow(t, buyer.customerKey)).toEqual(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  EMPLOYEE_COUNT_VALUES,
  FIRST_ORDER_TIMING_VALUES,
  messages,
  signUpAnswerSchema,
  STORE_COUNT_VALUES,
} from '@stemline/shared';
import { signUp, uniqueEmail } from '../test-support/accounts';
import { startTestServer, type TestServer } from '../test-support/test-server';

/** The fields a hunter sign-up (the older form, `?signup=hunter`) adds to a complete payload. */
const HUNTER_SIGN_UP = {
  signup_form: 'older',
  hunter: 'u-hunter',
  created_by_hunter: true,
  city: 'Hoboken',
  state: 'NJ',
  events_per_year: 'under_10',
} as const;

/** The three §9 questions as a refusal names them. */
const QUESTION_WORDS = {
  store_count: 'how many stores you have',
  employee_count: 'how many employees you have',
  first_order_timing: 'when you plan to place your first order',
} as const;

/** Spec §1, §9: sign-up asks the expense band and how the visitor heard of us (both optional). */
describe('sign-up expense and discoverability questions', { timeout: 30_000 }, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const profileOf = async (email: string): Promise<Record<string, unknown> | undefined> => {
    const row = await t.sql.one<{ profile: string | null }>(
      'SELECT c.profile FROM customers c JOIN users u ON u.customer_key = c.key WHERE u.email = ?',
      [email],
    );
    // A missing row and a NULL profile both read as no profile, as `.pluck().get()` did.
    return row?.profile == null ? undefined : (JSON.parse(row.profile) as Record<string, unknown>);
  };

  it.each([
    ['over_1000', 'social_networks'],
    ['500_999', 'email'],
    ['100_499', 'other'],
    ['under_100', 'email'],
  ] as const)(
    'stores expenses %s and heard_from %s on the account',
    async (expenses, heard_from) => {
      const email = uniqueEmail('questions');
      const answer = await signUp(t, email, { expenses, heard_from });
      expect(answer.status).toBe(200);
      expect(await profileOf(email)).toMatchObject({ expenses, heard_from });
    },
  );

  it('stores both from a hunter sign-up (the older form), as from create account', async () => {
    const email = uniqueEmail('hunted');
    const hunter = await t.login('hunter@stemline.test');
    const answer = await signUp(
      t,
      email,
      { ...HUNTER_SIGN_UP, expenses: '100_499', heard_from: 'email' },
      hunter,
    );
    expect(answer.status).toBe(200);
    expect(await profileOf(email)).toMatchObject({
      signup_form: 'older',
      expenses: '100_499',
      heard_from: 'email',
    });
  });

  it('refuses a hunter sign-up with an unknown expense band and creates no account', async () => {
    const email = uniqueEmail('hunted');
    const hunter = await t.login('hunter@stemline.test');
    const answer = await signUp(
      t,
      email,
      { ...HUNTER_SIGN_UP, expenses: 'a lot' as never },
      hunter,
    );
    expect(answer.status).toBe(400);
    expect(await profileOf(email)).toBeUndefined();
  });

  it('leaves both out when the visitor skips them', async () => {
    const email = uniqueEmail('questions');
    expect((await signUp(t, email)).status).toBe(200);
    const profile = await profileOf(email);
    expect(profile).toBeDefined();
    expect(profile).not.toHaveProperty('expenses');
    expect(profile).not.toHaveProperty('heard_from');
  });

  it.each([
    [{ expenses: 'lots' }],
    [{ expenses: '' }],
    [{ expenses: 1000 }],
    [{ heard_from: 'tv' }],
    [{ heard_from: '<script>alert(1)</script>' }],
    [{ heard_from: ['email'] }],
  ])('refuses %j with 400 and creates no account', async (hostile) => {
    const email = uniqueEmail('hostile');
    const answer = await signUp(t, email, hostile as never);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false });
    expect(await profileOf(email)).toBeUndefined();
  });

  // Every value of each list once, the three lists side by side (the timings wrap around).
  const sizes = STORE_COUNT_VALUES.map((store_count, index) => ({
    store_count,
    employee_count: EMPLOYEE_COUNT_VALUES[index % EMPLOYEE_COUNT_VALUES.length],
    first_order_timing: FIRST_ORDER_TIMING_VALUES[index % FIRST_ORDER_TIMING_VALUES.length],
  }));

  it('has a row for each value of the three lists', () => {
    expect(new Set(sizes.map((size) => size.employee_count))).toEqual(
      new Set(EMPLOYEE_COUNT_VALUES),
    );
    expect(new Set(sizes.map((size) => size.first_order_timing))).toEqual(
      new Set(FIRST_ORDER_TIMING_VALUES),
    );
  });

  it.each(sizes)(
    'stores store_count $store_count, employee_count $employee_count and first_order_timing $first_order_timing',
    async (answers) => {
      const email = uniqueEmail('sizes');
      const answer = await signUp(t, email, answers);
      expect(answer.status).toBe(200);
      expect(await profileOf(email)).toMatchObject(answers);
    },
  );

  it('stores the three from a hunter sign-up (the older form), as from create account', async () => {
    const email = uniqueEmail('hunted');
    const hunter = await t.login('hunter@stemline.test');
    const answers = {
      store_count: '4',
      employee_count: '10_plus',
      first_order_timing: 'later',
    } as const;
    const answer = await signUp(
      t,
      email,
      { ...HUNTER_SIGN_UP, storefront_type: 'studio', ...answers },
      hunter,
    );
    expect(answer.status).toBe(200);
    expect(await profileOf(email)).toMatchObject({ signup_form: 'older', ...answers });
  });

  it('leaves the three out when the visitor skips them', async () => {
    const email = uniqueEmail('sizes');
    expect((await signUp(t, email)).status).toBe(200);
    const profile = await profileOf(email);
    expect(profile).toBeDefined();
    for (const field of ['store_count', 'employee_count', 'first_order_timing']) {
      expect(profile).not.toHaveProperty(field);
    }
  });

  it.each([
    ['store_count', '0'],
    ['store_count', '11'],
    ['store_count', 3],
    ['store_count', '10+'],
    ['store_count', ''],
    ['employee_count', '10'],
    ['employee_count', '10+'],
    ['employee_count', 'many'],
    ['employee_count', ['1']],
    ['first_order_timing', 'tomorrow'],
    ['first_order_timing', 'Within 7 days'],
    ['first_order_timing', null],
  ])(
    'refuses %s %j with 400 naming the question in words, and creates no account',
    async (field, value) => {
      const email = uniqueEmail('hostile');
      const answer = await signUp(t, email, { employee_count: '3', [field]: value } as never);
      expect(answer.status).toBe(400);
      const body = signUpAnswerSchema.parse(answer.body);
      expect(body).toMatchObject({ success: false, token: null, user: null });
      expect(body.error).toBe(
        accountMessages.signUpAnswerNotOffered(
          QUESTION_WORDS[field as keyof typeof QUESTION_WORDS],
        ),
      );
      // Never zod's wording nor the field's own name.
      expect(body.error).not.toMatch(/invalid|expected|_/i);
      expect(await profileOf(email)).toBeUndefined();
    },
  );

  it.each([
    [{ expenses: 'lots' }, 'how much you spend on flowers a month'],
    [{ heard_from: 'tv' }, 'how you heard about us'],
    [{ business: 'bakery' }, 'your business type'],
    [{ storefront_type: 'castle' }, 'the kind of shop you have'],
  ])('refuses %j with the question in words', async (hostile, words) => {
    const email = uniqueEmail('hostile');
    const answer = await signUp(t, email, hostile as never);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: accountMessages.signUpAnswerNotOffered(words) });
    expect(await profileOf(email)).toBeUndefined();
  });

  it.each([
    [
      { company_name: 'x'.repeat(500) },
      accountMessages.signUpFieldNotAccepted('your company name'),
    ],
    [{ first_name: 42 }, accountMessages.signUpFieldNotAccepted('your first name')],
    [{ email: 'not-an-email' }, messages.invalidEmail],
    [{ agree_terms: false }, messages.fieldRequired],
    [{ surprise: true, website: ['a'] }, accountMessages.signUpFieldNotAccepted('your website')],
  ])('refuses the forged field %j with a message in the app’s words', async (hostile, text) => {
    const email = uniqueEmail('hostile');
    const answer = await signUp(t, email, hostile as never);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error: text });
    expect(await profileOf(email)).toBeUndefined();
  });
});

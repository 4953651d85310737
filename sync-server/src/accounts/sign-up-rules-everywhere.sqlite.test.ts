import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  deliveryMessages,
  messages,
  PHONE_DIGITS_MAX,
  stemlineMessages,
} from '@stemline/shared';
import {
  latestLink,
  mailsTo,
  publicToken,
  run,
  signUp,
  signUpFields,
  uniqueEmail,
} from '../test-support/accounts';
import { solveCaptcha } from '../test-support/captcha';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { verificationLink } from './email-verification';

/** The fields a hunter sign-up (the older form, `?signup=hunter`) adds to a complete payload. */
const OLDER_SIGN_UP = {
  signup_form: 'older',
  hunter: 'u-hunter',
  created_by_hunter: true,
  city: 'Hoboken',
  state: 'NJ',
  events_per_year: 'under_10',
} as const;

/**
 * Spec §5, §6: the sign-up rules hold on every way an account is made or named, and a refusal
 * says in the spec's words what is wrong, whatever a careless or hostile caller sends.
 */
describe('the sign-up rules on every path', { timeout: 60_000 }, () => {
  let t: TestServer;
  let visitor = '';
  let hunter = '';
  beforeAll(async () => {
    t = await startTestServer();
    visitor = await publicToken(t);
    hunter = await t.login('hunter@stemline.test');
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const accountOf = (email: string) =>
    t.sql.one<{ name: string; main_state: string | null; profile: string | null }>(
      `SELECT c.name, c.main_state, c.profile FROM customers c
       JOIN users u ON u.customer_key = c.key WHERE u.email = ?`,
      [email],
    );
  const paramsOf = (link: URL) => Object.fromEntries(link.searchParams.entries());

  describe('send_email_verification and verify_email_account', () => {
    it.each([
      [
        'a staff address on the company domain',
        { email: `rep-${Date.now()}@stemline.com` },
        403,
        accountMessages.staffUseLoginAs,
      ],
      [
        'a company named NA',
        { email: uniqueEmail('prospect'), company_name: 'NA' },
        400,
        accountMessages.companyNameNotNA,
      ],
      [
        'a company named n/a',
        { email: uniqueEmail('prospect'), company_name: ' n/a ' },
        400,
        accountMessages.companyNameNotNA,
      ],
      [
        'a one-digit zip code',
        { email: uniqueEmail('prospect'), zipcode: '1' },
        400,
        accountMessages.zipCodeFiveDigits,
      ],
      [
        'a fake email domain',
        { email: 'someone@mailinator.com' },
        400,
        messages.emailDoesNotSeemRight,
      ],
      [
        'a made-up state',
        { email: uniqueEmail('prospect'), state: 'ZZ' },
        400,
        deliveryMessages.chooseState,
      ],
      [
        'a nine-digit phone',
        { email: uniqueEmail('prospect'), mobile_phone: '201555012' },
        400,
        accountMessages.enterPhoneNumber,
      ],
      [
        'a business type not offered',
        { email: uniqueEmail('prospect'), business: 'casino' },
        400,
        accountMessages.signUpAnswerNotOffered('the business type'),
      ],
    ])('a hunter cannot mail a link for %s', async (_case, fields, status, error) => {
      const answer = await run(t, 'send_email_verification', fields, hunter);
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ success: false, error });
      expect(await mailsTo(t, fields.email)).toEqual([]);
    });

    it('a link whose content breaks a rule (signed before it) makes no account', async () => {
      const email = `rep-${Date.now()}@stemline.com`;
      // A link as the server signed it before the rules held at sending.
      const link = new URL(
        verificationLink(t.server.context, t.url, {
          email,
          company_name: 'NA',
          zipcode: '1',
        }),
      );
      const answer = await run(t, 'verify_email_account', paramsOf(link), visitor);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({
        success: false,
        token: null,
        error: accountMessages.staffUseLoginAs,
      });
      expect(await accountOf(email)).toBeUndefined();

      const prospect = uniqueEmail('prospect');
      const named = new URL(
        verificationLink(t.server.context, t.url, { email: prospect, company_name: 'N/A' }),
      );
      const refused = await run(t, 'verify_email_account', paramsOf(named), visitor);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: accountMessages.companyNameNotNA });
      expect(await accountOf(prospect)).toBeUndefined();
    });

    it('keeps only the business type’s own follow-up from a link', async () => {
      const email = uniqueEmail('prospect');
      const sent = await run(
        t,
        'send_email_verification',
        {
          email,
          company_name: 'Fern & Co',
          zipcode: '10001',
          state: 'NY',
          business: 'florist',
          storefront_type: 'physical_shop',
          events_per_year: 'under_10',
        },
        hunter,
      );
      expect(sent.body).toEqual({ success: true });
      const link = await latestLink(t, email, 'email_verification');
      const answer = await run(t, 'verify_email_account', paramsOf(link), visitor);
      expect(answer.status).toBe(200);
      const profile = JSON.parse((await accountOf(email))?.profile ?? '{}') as object;
      expect(profile).toMatchObject({ storefront_type: 'physical_shop' });
      expect(profile).not.toHaveProperty('events_per_year');
    });

    it('a stranger still gets forbidden, not the rules’ verdict', async () => {
      const answer = await run(
        t,
        'send_email_verification',
        { email: `rep-${Date.now()}@stemline.com` },
        visitor,
      );
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ error: stemlineMessages.forbidden });
    });
  });

  describe('update_company_details', () => {
    it.each(['N/A', 'na', ' n/a ', 'NA'])('refuses the name %j, changing nothing', async (name) => {
      const florist = await t.login('florist@stemline.test');
      const before = await t.sql.one('SELECT name FROM customers WHERE key = ?', ['c-bennett']);
      const answer = await run(
        t,
        'update_company_details',
        {
          name,
          address: { address: '77 Harbor Street', city: 'Hoboken', state: 'NJ', zipcode: '07030' },
        },
        florist,
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: accountMessages.companyNameNotNA });
      expect(await t.sql.one('SELECT name FROM customers WHERE key = ?', ['c-bennett'])).toEqual(
        before,
      );
    });
  });

  describe('sign_up', () => {
    it('clears the follow-up of the other business type (v2)', async () => {
      const florist = uniqueEmail('florist');
      expect(
        (await signUp(t, florist, { business: 'florist', events_per_year: 'under_10' })).status,
      ).toBe(200);
      const floristProfile = JSON.parse((await accountOf(florist))?.profile ?? '{}') as object;
      expect(floristProfile).toMatchObject({ storefront_type: 'physical_shop' });
      expect(floristProfile).not.toHaveProperty('events_per_year');

      const designer = uniqueEmail('designer');
      const answer = await signUp(t, designer, {
        business: 'wedding_event_designer',
        events_per_year: 'under_10',
        storefront_type: 'physical_shop',
      });
      expect(answer.status).toBe(200);
      const designerProfile = JSON.parse((await accountOf(designer))?.profile ?? '{}') as object;
      expect(designerProfile).toMatchObject({ events_per_year: 'under_10' });
      expect(designerProfile).not.toHaveProperty('storefront_type');
    });

    it.each([
      ['older', OLDER_SIGN_UP],
      ['v2', { state: 'ZZ' }],
    ] as const)('refuses an unknown state from the %s form, storing nothing', async (_, form) => {
      const email = uniqueEmail('hunted');
      const answer = await signUp(t, email, { ...form, state: 'ZZ' }, hunter);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, error: deliveryMessages.chooseState });
      expect(await accountOf(email)).toBeUndefined();
    });

    it('stores a known state from the older form', async () => {
      const email = uniqueEmail('hunted');
      expect((await signUp(t, email, OLDER_SIGN_UP, hunter)).status).toBe(200);
      expect((await accountOf(email))?.main_state).toBe('NJ');
    });

    it.each([
      ['an email with a space', { email: 'rosa diaz@bloom-shop.co' }, messages.emailHasSpace],
      ['an empty email', { email: '' }, accountMessages.enterEmailAddress],
      ['no email at all', { email: undefined }, accountMessages.enterEmailAddress],
      ['an empty business type', { business: '' }, accountMessages.enterBusinessType],
      [
        'a zip code of 11 characters',
        { zipcode: '07030-12345' },
        accountMessages.zipCodeFiveDigits,
      ],
      [
        `a phone of ${PHONE_DIGITS_MAX + 1} digits`,
        { mobile_phone: '2'.repeat(PHONE_DIGITS_MAX + 1) },
        accountMessages.phoneTooLong(PHONE_DIGITS_MAX),
      ],
      [
        'a phone of 21 digits',
        { mobile_phone: '2'.repeat(21) },
        accountMessages.phoneTooLong(PHONE_DIGITS_MAX),
      ],
      // Not text: the rules cannot read it, so the field is named in words.
      [
        'a numeric zip code',
        { zipcode: 7030 },
        accountMessages.signUpFieldNotAccepted('your zip code'),
      ],
    ])('answers %s with the spec’s text', async (_case, hostile, error) => {
      const email = uniqueEmail('careless');
      const answer = await t.post('/api/customer/sign_up', {
        ...signUpFields(email),
        reCaptchaToken: await solveCaptcha(t.url),
        ...hostile,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, token: null, error });
      expect(await accountOf(email)).toBeUndefined();
    });

    it('answers an over-long phone from the older form with that form’s ten-digit text', async () => {
      const email = uniqueEmail('hunted');
      const answer = await signUp(
        t,
        email,
        { ...OLDER_SIGN_UP, mobile_phone: '2'.repeat(21) },
        hunter,
      );
      expect(answer.body).toMatchObject({ error: accountMessages.phoneTenDigits });
    });
  });

  describe('forgot_password', () => {
    it.each([
      ['no email field', {}],
      ['an empty email', { email: '' }],
    ])('answers %s with Please use an email', async (_case, body) => {
      const answer = await t.post('/api/forgot_password', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ success: false, error: accountMessages.useAnEmail });
    });

    it('answers an email with a space with the spec’s text', async () => {
      const answer = await t.post('/api/forgot_password', { email: 'rosa diaz@bloom-shop.co' });
      expect(answer.body).toEqual({ success: false, error: messages.emailHasSpace });
    });

    it('still refuses an email that is not text', async () => {
      const answer = await t.post('/api/forgot_password', { email: 42 });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'invalid_request' });
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  guestSignInAnswerSchema,
  loginAnswerSchema,
  messages,
  stemlineMessages,
  verifyEmailAccountAnswerSchema,
} from '@stemline/shared';
import {
  latestLink,
  logInWith,
  mailsTo,
  publicToken,
  run,
  signUpFields,
  uniqueEmail,
} from '../test-support/accounts';
import { solveCaptcha } from '../test-support/captcha';
import { HOLD } from '../test-support/hold-fixture';
import { accounts, addArgs, startTestServer, type TestServer } from '../test-support/test-server';

// Each log-in solves a real captcha and hashes with scrypt: generous on a busy 2-core machine.
describe('guests', { timeout: 30_000 }, () => {
  let t: TestServer;
  let visitor = '';
  beforeAll(async () => {
    t = await startTestServer();
    visitor = await publicToken(t);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const guestSignIn = async (email: string, extra: Record<string, unknown> = {}) =>
    run(
      t,
      'guest_sign_in',
      { email, reCaptchaToken: await solveCaptcha(t.url), ...extra },
      visitor,
    );

  /** The session the mailed verification link gives: the mailbox is proven. */
  const provenToken = async (email: string) => {
    const link = await latestLink(t, email, 'email_verification');
    const params = Object.fromEntries(link.searchParams.entries());
    const answer = await run(t, 'verify_email_account', params, visitor);
    return verifyEmailAccountAnswerSchema.parse(answer.body).token ?? '';
  };

  describe('run guest_sign_in', () => {
    it('gives a new email a guest account with no password, and mails a verification link', async () => {
      const email = uniqueEmail('guest');
      const answer = await guestSignIn(email);
      expect(answer.status).toBe(200);
      const body = guestSignInAnswerSchema.parse(answer.body);
      expect(body).toMatchObject({
        success: true,
        created: true,
        user: { email, role: 'florist', metadata: { guest: true } },
      });
      // An email alone proves nothing: the session sees prices, and asks for the mailbox.
      expect(body.user?.metadata.mailbox_verified).toBe(false);
      const [date] = t.deliveryDates(1);
      expect((await t.catalog(body.token ?? '', date ?? 0)).offers.length).toBeGreaterThan(0);
      const [mail] = await mailsTo(t, email);
      expect(mail?.kind).toBe('email_verification');
      expect(mail?.links[0]).toContain('utm_source=email_verification_signed');
      const login = await t.get(
        `/api/security/login?${new URLSearchParams({
          email,
          password: 'anything-at-all',
          reCaptchaToken: await solveCaptcha(t.url),
        }).toString()}`,
      );
      expect(login.status).toBe(401);
    });

    it('signs the same password-less guest in again, to the same customer', async () => {
      const email = uniqueEmail('guest');
      const first = guestSignInAnswerSchema.parse((await guestSignIn(email)).body);
      const again = guestSignInAnswerSchema.parse((await guestSignIn(email)).body);
      expect(again).toMatchObject({ success: true, created: false });
      expect(again.user?.metadata.customer).toBe(first.user?.metadata.customer);
    });

    it.each([
      ['a full account', 'florist@stemline.test', 409, accountMessages.emailTaken],
      ['a guest with a password', 'guest@stemline.test', 409, accountMessages.emailTaken],
      ['a fake domain', 'someone@mailinator.com', 400, messages.emailDoesNotSeemRight],
      ['the staff domain', 'someone@stemline.com', 403, accountMessages.staffUseLoginAs],
    ])('refuses %s', async (_case, email, status, error) => {
      const answer = await guestSignIn(email);
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ success: false, token: null, error });
    });

    it('refuses without a captcha solution and creates nothing', async () => {
      const email = uniqueEmail('guest');
      const answer = await run(t, 'guest_sign_in', { email, reCaptchaToken: 'nope' }, visitor);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: accountMessages.captchaFailed });
      expect(await t.sql.one('SELECT key FROM users WHERE email = ?', [email])).toBeUndefined();
    });
  });

  describe('run user_guest_upgrade', () => {
    it('turns the guest into a full account on the same customer, keeping its cart', async () => {
      const email = uniqueEmail('guest');
      const guest = guestSignInAnswerSchema.parse((await guestSignIn(email)).body);
      const token = await provenToken(email);
      const customerKey = guest.user?.metadata.customer;
      const [date] = t.deliveryDates(1);
      const catalog = await t.catalog(token, date ?? 0);
      const offer = catalog.offers.find((candidate) => candidate.available > 0);
      if (!offer || !date) throw new Error('no offer to add');
      const added = await t.post('/api/cart_box/add_to_cart', addArgs(offer, date, 1), token);
      expect(added.status).toBe(200);

      const { reCaptchaToken: _unused, ...fields } = { ...signUpFields(email), reCaptchaToken: '' };
      const answer = await run(t, 'user_guest_upgrade', fields, token);
      expect(answer.status).toBe(200);
      const upgraded = loginAnswerSchema.parse(answer.body);
      expect(upgraded.user).toMatchObject({
        email,
        first_name: 'Rosa',
        metadata: { customer: customerKey, guest: false, customer_name: 'Diaz Flowers' },
      });
      const cart = await run(t, 'list_carts', {}, upgraded.token ?? '');
      expect(JSON.stringify(cart.body)).toContain(String(offer.inventory_key));
      const login = await t.get(
        `/api/security/login?${new URLSearchParams({
          email,
          password: 'tulips-in-spring',
          reCaptchaToken: await solveCaptcha(t.url),
        }).toString()}`,
      );
      expect(login.status).toBe(200);
    });

    it('tells an upgraded guest by notices of the released holds its message had not shown', async () => {
      const email = uniqueEmail('guest');
      const guest = guestSignInAnswerSchema.parse((await guestSignIn(email)).body);
      const token = await provenToken(email);
      const customerKey = guest.user?.metadata.customer ?? '';
      const [date] = t.deliveryDates(1);
      const catalog = await t.catalog(token, date ?? 0);
      const offer = catalog.offers.find((o) => o.open_market && o.available > 0);
      const variety = catalog.varieties.find((v) => v.key === offer?.variety_key);
      if (!offer || !date || !variety) throw new Error('no open-market offer to hold');
      expect(
        (await t.post('/api/cart_box/add_to_cart', addArgs(offer, date, 2), token)).status,
      ).toBe(200);
      t.clock.now += HOLD;
      expect(await t.server.sweepReservations()).toBeGreaterThanOrEqual(1);
      const unread = async () =>
        (
          await t.sql.all<{ key: string }>(
            'SELECT key FROM deleted_products WHERE customer_key = ?',
            [customerKey],
          )
        ).map((row) => row.key);
      const notices = async () =>
        (
          await t.sql.all<{ doc: string }>(
            'SELECT doc FROM notices WHERE customer_key = ? AND deleted = 0',
            [customerKey],
          )
        ).map((row) => {
          const { key, kind, message } = JSON.parse(row.doc) as Record<string, unknown>;
          return { key, kind, message };
        });
      const [released] = await unread();
      expect(released).toBeDefined();
      expect(await notices()).toEqual([]);

      // A refused upgrade changes nothing: the guest's message still has it to show.
      const refused = await run(
        t,
        'user_guest_upgrade',
        signUpFields(email, { company_name: 'NA' }),
        token,
      );
      expect(refused.status).toBe(400);
      expect(await unread()).toEqual([released]);
      expect(await notices()).toEqual([]);

      const upgraded = await run(t, 'user_guest_upgrade', signUpFields(email), token);
      expect(upgraded.status).toBe(200);
      expect(await notices()).toEqual([
        {
          key: released,
          kind: 'reservation_expired',
          message: stemlineMessages.reservationExpired(variety.name, 2),
        },
      ]);
      expect(await unread()).toEqual([]);
    });

    it('refuses a full account, a visitor, another email and a rule break', async () => {
      const florist = await t.login('florist@stemline.test');
      const fields = signUpFields('florist@stemline.test');
      expect((await run(t, 'user_guest_upgrade', fields, florist)).body).toMatchObject({
        success: false,
        error: accountMessages.onlyGuestsUpgrade,
      });
      expect((await run(t, 'user_guest_upgrade', fields, visitor)).status).toBe(403);

      const email = uniqueEmail('guest');
      await guestSignIn(email);
      const guest = await provenToken(email);
      const other = await run(t, 'user_guest_upgrade', signUpFields(uniqueEmail()), guest);
      expect(other.status).toBe(400);
      const na = await run(
        t,
        'user_guest_upgrade',
        signUpFields(email, { company_name: 'NA' }),
        guest,
      );
      expect(na.body).toMatchObject({ error: 'Company name cannot be NA or N/A' });
      const still = await t.sql.one<{ guest: number }>(
        'SELECT c.guest FROM customers c JOIN users u ON u.customer_key = c.key WHERE u.email = ?',
        [email],
      );
      expect(still?.guest).toBe(1);
    });

    it.each([
      [{ store_count: 'lots' }, accountMessages.signUpAnswerNotOffered('how many stores you have')],
      [{ business: '<b>' }, accountMessages.signUpAnswerNotOffered('your business type')],
      [{ zipcode: 7030 }, accountMessages.signUpFieldNotAccepted('your zip code')],
    ])('refuses a forged answer %j in words, leaving the guest a guest', async (hostile, text) => {
      const email = uniqueEmail('guest');
      await guestSignIn(email);
      const guest = await provenToken(email);
      const answer = await run(
        t,
        'user_guest_upgrade',
        { ...signUpFields(email), ...hostile },
        guest,
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, token: null, error: text });
      const still = await t.sql.one<{ guest: number; profile: string | null }>(
        `SELECT c.guest, c.profile FROM customers c JOIN users u ON u.customer_key = c.key
         WHERE u.email = ?`,
        [email],
      );
      expect(still?.guest).toBe(1);
      expect(still?.profile ?? '').not.toContain('store_count');
    });
  });

  describe('the email-verification link (run verify_email_account)', () => {
    const paramsOf = (link: URL) => Object.fromEntries(link.searchParams.entries());

    it('logs a guest in and marks its email verified: Login successful', async () => {
      const email = uniqueEmail('guest');
      await guestSignIn(email);
      const link = await latestLink(t, email, 'email_verification');
      expect(link.pathname).toBe('/shopping/home');
      const answer = await run(t, 'verify_email_account', paramsOf(link), visitor);
      expect(answer.status).toBe(200);
      const body = verifyEmailAccountAnswerSchema.parse(answer.body);
      expect(body).toMatchObject({ success: true, created: false, message: 'Login successful' });
      expect(JSON.parse(body.user?.metadata.preferences ?? '{}')).toMatchObject({
        email_verified: true,
      });
    });

    it('creates the account from the link’s fields: Created Account Successfully', async () => {
      const hunter = await t.login('hunter@stemline.test');
      const email = uniqueEmail('prospect');
      const sent = await run(
        t,
        'send_email_verification',
        {
          email,
          company_name: 'Fern & Co',
          first_name: 'Ana',
          last_name: 'Fern',
          zipcode: '10001',
        },
        hunter,
      );
      expect(sent.body).toEqual({ success: true });
      const link = await latestLink(t, email, 'email_verification');
      expect(link.searchParams.get('company_name')).toBe('Fern & Co');
      const body = verifyEmailAccountAnswerSchema.parse(
        (await run(t, 'verify_email_account', paramsOf(link), visitor)).body,
      );
      expect(body).toMatchObject({
        success: true,
        created: true,
        message: 'Created Account Successfully',
        user: {
          email,
          first_name: 'Ana',
          metadata: { guest: true, customer_name: 'Fern & Co', customer_zipcode: '10001' },
        },
      });
    });

    it.each([
      ['a changed field', (link: URL) => link.searchParams.set('company_name', 'Evil Inc')],
      ['another email', (link: URL) => link.searchParams.set('email', 'victim@bloom-shop.co')],
      ['a changed expiry', (link: URL) => link.searchParams.set('exp', '99999999999999')],
      ['a made-up signature', (link: URL) => link.searchParams.set('sig', 'A'.repeat(43))],
    ])('refuses a link with %s', async (_case, tamper) => {
      const hunter = await t.login('hunter@stemline.test');
      const email = uniqueEmail('prospect');
      await run(t, 'send_email_verification', { email, company_name: 'Fern & Co' }, hunter);
      const link = await latestLink(t, email, 'email_verification');
      tamper(link);
      const answer = await run(t, 'verify_email_account', paramsOf(link), visitor);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: accountMessages.verificationLinkInvalid });
      expect(await t.sql.one('SELECT key FROM users WHERE email = ?', [email])).toBeUndefined();
    });

    it('refuses an expired link (7 days, server clock)', async () => {
      const email = uniqueEmail('guest');
      await guestSignIn(email);
      const link = await latestLink(t, email, 'email_verification');
      t.clock.advance(8 * 24 * 3600_000);
      const answer = await run(t, 'verify_email_account', paramsOf(link), visitor);
      expect(answer.body).toMatchObject({ error: accountMessages.verificationLinkInvalid });
    });

    it('asks a full account to log in instead (409)', async () => {
      const hunter = await t.login('hunter@stemline.test');
      await run(t, 'send_email_verification', { email: 'florist@stemline.test' }, hunter);
      const link = await latestLink(t, 'florist@stemline.test', 'email_verification');
      const answer = await run(t, 'verify_email_account', paramsOf(link), visitor);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        success: false,
        token: null,
        error: accountMessages.emailTaken,
      });
    });

    it('lets only staff, or a guest for its own email, send a link', async () => {
      const florist = await t.login('florist@stemline.test');
      expect(
        (await run(t, 'send_email_verification', { email: uniqueEmail() }, florist)).status,
      ).toBe(403);
      expect(
        (await run(t, 'send_email_verification', { email: uniqueEmail() }, visitor)).status,
      ).toBe(403);
      const email = uniqueEmail('guest');
      const guest = guestSignInAnswerSchema.parse((await guestSignIn(email)).body).token ?? '';
      expect((await run(t, 'send_email_verification', { email }, guest)).body).toEqual({
        success: true,
      });
      expect(
        (await run(t, 'send_email_verification', { email: uniqueEmail() }, guest)).status,
      ).toBe(403);
    });
  });

  describe('run add_user on a guest account', () => {
    const newUser = () => ({
      email: uniqueEmail('helper'),
      first_name: 'Ada',
      last_name: 'Moss',
      password: 'carnations-22',
    });
    const usersOf = (customer: string) =>
      t.sql.all('SELECT key, email FROM users WHERE customer_key = ? ORDER BY key', [customer]);

    it('adds no password user to a guest, whoever asks, until it upgrades', async () => {
      const email = uniqueEmail('guest');
      const guest = guestSignInAnswerSchema.parse((await guestSignIn(email)).body);
      const customer = guest.user?.metadata.customer ?? '';
      const token = await provenToken(email);
      const staff = await t.login(accounts.manager);
      const loginAs = loginAnswerSchema.parse(
        (await run(t, 'login_as_customer', { customer }, staff)).body,
      ).token;
      const before = await usersOf(customer);
      // A login-as session adds no user to any customer (account-takeover-attacked test).
      for (const [caller, params, error] of [
        [token, newUser(), accountMessages.guestAddUserRefusal],
        [loginAs ?? '', newUser(), accountMessages.loginAsAccountRefusal],
        [staff, { ...newUser(), customer }, accountMessages.guestAddUserRefusal],
      ] as const) {
        const refused = await run(t, 'add_user', params, caller);
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ success: false, error });
        expect((await logInWith(t, params.email, params.password)).status).not.toBe(200);
      }
      expect(await usersOf(customer)).toEqual(before);

      const upgraded = loginAnswerSchema.parse(
        (await run(t, 'user_guest_upgrade', signUpFields(email), token)).body,
      );
      const added = await run(t, 'add_user', newUser(), upgraded.token ?? '');
      expect(added.body).toMatchObject({ success: true, user: { customer } });
    });
  });

  describe('run update_user_customer_email by a guest', () => {
    it('keeps a guest on its proven email, so nobody else signs in to the mover’s account', async () => {
      const email = uniqueEmail('mover');
      const mover = guestSignInAnswerSchema.parse((await guestSignIn(email)).body);
      const token = await provenToken(email);
      const victim = uniqueEmail('victim');
      const moved = await run(t, 'update_user_customer_email', { email: victim }, token);
      expect(moved.status).toBe(403);
      expect(moved.body).toMatchObject({
        success: false,
        error: accountMessages.guestEmailChangeRefusal,
      });

      // The victim giving their email gets an account of their own, not the mover's.
      const signedIn = guestSignInAnswerSchema.parse((await guestSignIn(victim)).body);
      expect(signedIn).toMatchObject({ success: true, created: true });
      expect(signedIn.user?.metadata.customer).not.toBe(mover.user?.metadata.customer);
    });

    it('lets an admin correct a guest’s email, which must then be proven again', async () => {
      const email = uniqueEmail('typo');
      const guest = guestSignInAnswerSchema.parse((await guestSignIn(email)).body);
      await provenToken(email);
      const admin = await t.login('manager@stemline.test');
      const fixed = uniqueEmail('fixed');
      const answer = await run(
        t,
        'update_user_customer_email',
        { email: fixed, user_key: guest.user?.key },
        admin,
      );
      expect(answer.body).toMatchObject({ success: true, user: { email: fixed } });
      const preferences = await t.sql.one<{ preferences: string }>(
        'SELECT preferences FROM customers WHERE key = ?',
        [guest.user?.metadata.customer ?? ''],
      );
      expect(JSON.parse(preferences?.preferences ?? '{}')).toMatchObject({ email_verified: false });
    });
  });

  describe('staff guest list and get_email_guest', () => {
    it('lists guests for staff only, newest first', async () => {
      const email = uniqueEmail('listed');
      await guestSignIn(email);
      const hunter = await t.login('hunter@stemline.test');
      const list = await run(t, 'get_email_guest_list', { search: 'listed-' }, hunter);
      expect(list.body).toMatchObject({ success: true, results: [{ email, guest: true }] });
      const florist = await t.login('florist@stemline.test');
      expect((await run(t, 'get_email_guest_list', {}, florist)).status).toBe(403);
    });

    it('answers whether an email is a guest’s', async () => {
      const guest = await t.post('/api/customer/get_email_guest', { email: 'guest@stemline.test' });
      expect(guest.body).toEqual({
        success: true,
        results: { email: 'guest@stemline.test', guest: true },
      });
      const full = await t.post('/api/customer/get_email_guest', {
        email: 'florist@stemline.test',
      });
      expect(full.body).toEqual({ success: true, results: null });
    });
  });
});

import { describe, expect, it } from 'vitest';
import { accountMessages, deliveryMessages } from '../messages';
import { signUpPayloadSchema, type SignUpPayloadInput } from '../schemas/accounts';
import { checkSignUpPayload, createAccountPayload, olderSignUpPayload } from './signup-payload';
import { formIsValid, type CreateAccountForm, type OlderSignUpForm } from './signup-validation';

const form: CreateAccountForm = {
  first_name: ' Rosa ',
  last_name: 'Diaz',
  company_name: 'Diaz Flowers',
  business: 'florist',
  other_business_type: 'hotel',
  events_per_year: 'under_10',
  storefront_type: 'studio',
  resale_number: 'EIN-1',
  zipcode: '07030',
  email: 'Rosa@DiazFlowers.co',
  mobile_phone: '2015550123',
  website: '',
  agree_terms: true,
  agree_text_messages: true,
  password: 'tulips-in-spring',
  password_repeat: 'tulips-in-spring',
  hunter: 'u-hunter',
};

describe('createAccountPayload', () => {
  it('sends only the florist follow-up, trims, and parses as a sign-up payload', () => {
    const payload = signUpPayloadSchema.parse(
      createAccountPayload(form, { reCaptchaToken: 'solution', referral: 'ABC' }),
    );
    expect(payload).toMatchObject({
      first_name: 'Rosa',
      email: 'rosa@diazflowers.co',
      business: 'florist',
      storefront_type: 'studio',
      referral: 'ABC',
      agree_text_messages: true,
    });
    expect(payload).not.toHaveProperty('events_per_year');
    expect(payload).not.toHaveProperty('hunter');
    expect(payload).not.toHaveProperty('created_by_hunter');
  });

  it('sends only the designer follow-up', () => {
    const payload = createAccountPayload(
      { ...form, business: 'wedding_event_designer' },
      { reCaptchaToken: 'x' },
    );
    expect(payload.events_per_year).toBe('under_10');
    expect(payload).not.toHaveProperty('storefront_type');
  });

  it("sends the type picked under 'Other', and no follow-up", () => {
    const payload = createAccountPayload({ ...form, business: 'other' }, { reCaptchaToken: 'x' });
    expect(payload).toMatchObject({ business: 'hotel' });
    expect(payload).not.toHaveProperty('storefront_type');
    expect(payload).not.toHaveProperty('events_per_year');
  });

  it.each([
    [
      { expenses: '500_999', heard_from: 'email' },
      { expenses: '500_999', heard_from: 'email' },
    ],
    [{ expenses: 'over_1000' }, { expenses: 'over_1000' }],
    [{ heard_from: 'social_networks', expenses: '' }, { heard_from: 'social_networks' }],
    [{ expenses: '', heard_from: '' }, {}],
    [{}, {}],
  ])('sends the optional expense band and source when answered: %j', (answers, sent) => {
    const payload = signUpPayloadSchema.parse(
      createAccountPayload({ ...form, ...answers }, { reCaptchaToken: 'x' }),
    );
    expect({ expenses: payload.expenses, heard_from: payload.heard_from }).toEqual({
      expenses: undefined,
      heard_from: undefined,
      ...sent,
    });
  });

  it.each([{ expenses: 'lots' }, { heard_from: 'tv' }, { expenses: 'Over $1000' }])(
    'a payload with an unknown answer %j does not parse',
    (answers) => {
      const payload = { ...createAccountPayload(form, { reCaptchaToken: 'x' }), ...answers };
      expect(signUpPayloadSchema.safeParse(payload).success).toBe(false);
    },
  );

  const sizes = (payload: SignUpPayloadInput) => ({
    store_count: payload.store_count,
    employee_count: payload.employee_count,
    first_order_timing: payload.first_order_timing,
  });
  const NO_SIZES = {
    store_count: undefined,
    employee_count: undefined,
    first_order_timing: undefined,
  };

  it.each([
    [
      {
        business: 'florist',
        store_count: '3',
        employee_count: '10_plus',
        first_order_timing: 'later',
      },
      { store_count: '3', employee_count: '10_plus', first_order_timing: 'later' },
    ],
    [
      { business: 'florist', store_count: '10', employee_count: '', first_order_timing: '' },
      { store_count: '10' },
    ],
    // A store count chosen as a florist, then the business changed: only florists have stores.
    [
      { business: 'wedding_event_designer', store_count: '2', employee_count: '1' },
      { employee_count: '1' },
    ],
    [
      { business: 'other', store_count: '2', first_order_timing: 'within_a_month' },
      { first_order_timing: 'within_a_month' },
    ],
    [{ store_count: '', employee_count: '', first_order_timing: '' }, {}],
    [{}, {}],
  ])('both forms send the store, employee and first-order answers given: %j', (answers, sent) => {
    const created = signUpPayloadSchema.parse(
      createAccountPayload({ ...form, ...answers }, { reCaptchaToken: 'x' }),
    );
    const older = signUpPayloadSchema.parse(
      olderSignUpPayload({ ...OLDER_FORM, ...answers }, { reCaptchaToken: 'x', hunterMode: true }),
    );
    expect(sizes(created)).toEqual({ ...NO_SIZES, ...sent });
    expect(sizes(older)).toEqual({ ...NO_SIZES, ...sent });
  });

  it.each([
    { store_count: '0' },
    { store_count: '11' },
    { store_count: 2 },
    { employee_count: '10' },
    { employee_count: '10+' },
    { first_order_timing: 'Within 7 days' },
    { first_order_timing: 'tomorrow' },
  ])('a payload with an unknown size or timing %j does not parse', (answers) => {
    const payload = { ...createAccountPayload(form, { reCaptchaToken: 'x' }), ...answers };
    expect(signUpPayloadSchema.safeParse(payload).success).toBe(false);
  });

  it('marks a hunter sign-up with its contact owner', () => {
    const payload = createAccountPayload(form, { reCaptchaToken: 'x', hunterMode: true });
    expect(payload).toMatchObject({ hunter: 'u-hunter', created_by_hunter: true });
  });
});

/** A complete older (hunter) sign-up form. */
const OLDER_FORM: OlderSignUpForm = {
  first_name: 'Hugo',
  last_name: 'Lane',
  company_name: 'Lane Florals',
  email: 'hugo@lane.co',
  email_confirm: 'hugo@lane.co',
  mobile_phone: '2015550123',
  zipcode: '07030',
  city: 'Hoboken',
  state: 'NJ',
  business: 'florist',
  others_business: '',
  events_per_year: 'under_10',
  storefront_type: 'studio',
  password: 'tulips-in-spring',
  password_repeat: 'tulips-in-spring',
  hunter: 'u-hunter',
};

describe('checkSignUpPayload', () => {
  it('passes what a valid v2 form sends, including a type from the Other list', () => {
    for (const business of ['florist', 'other'] as const) {
      const payload = signUpPayloadSchema.parse(
        createAccountPayload({ ...form, business }, { reCaptchaToken: 'x' }),
      );
      expect(formIsValid(checkSignUpPayload(payload))).toBe(true);
    }
  });

  it('applies the older form’s rules to an older payload', () => {
    const older: OlderSignUpForm = { ...OLDER_FORM, mobile_phone: '(201) 555-0123', city: '' };
    const payload = signUpPayloadSchema.parse(
      olderSignUpPayload(older, { reCaptchaToken: 'x', hunterMode: true }),
    );
    expect(payload.mobile_phone).toBe('2015550123');
    expect(checkSignUpPayload(payload).fields).toEqual({ city: 'This field is required.' });
  });

  it.each([
    [
      { expenses: '500_999', heard_from: 'social_networks' },
      { expenses: '500_999', heard_from: 'social_networks' },
    ],
    [{ expenses: '', heard_from: '' }, {}],
    [{}, {}],
  ])(
    'an older (hunter) payload carries the optional answers %j only when given',
    (answers, sent) => {
      const older: OlderSignUpForm = { ...OLDER_FORM, ...answers };
      const payload = signUpPayloadSchema.parse(
        olderSignUpPayload(older, { reCaptchaToken: 'x', hunterMode: true }),
      );
      expect({ expenses: payload.expenses, heard_from: payload.heard_from }).toEqual({
        expenses: undefined,
        heard_from: undefined,
        ...sent,
      });
    },
  );

  it.each(['older', 'v2'] as const)(
    'refuses a state that is no state’s key from the %s form',
    (kind) => {
      const sent =
        kind === 'older'
          ? olderSignUpPayload(OLDER_FORM, { reCaptchaToken: 'x', hunterMode: true })
          : createAccountPayload(form, { reCaptchaToken: 'x' });
      const payload = { ...signUpPayloadSchema.parse(sent), state: 'ZZ' };
      expect(checkSignUpPayload(payload).fields).toEqual({ state: deliveryMessages.chooseState });
    },
  );

  it('names an empty business type as the v2 form does', () => {
    const payload = signUpPayloadSchema.parse(createAccountPayload(form, { reCaptchaToken: 'x' }));
    expect(checkSignUpPayload({ ...payload, business: '' }).fields).toMatchObject({
      business: accountMessages.enterBusinessType,
    });
  });

  it('refuses a hunter payload without a contact owner', () => {
    const payload = signUpPayloadSchema.parse({
      ...createAccountPayload(form, { reCaptchaToken: 'x' }),
      created_by_hunter: true,
    });
    expect(checkSignUpPayload(payload).fields).toEqual({ hunter: 'This field is required.' });
  });
});

describe('sign-up tracking (spec §2 query parameters, §3 payload)', () => {
  const tracking = {
    utm_pos: 'header',
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: 'peonies',
    hutk: 'abc123',
  };

  it.each([
    ['create account', () => createAccountPayload(form, { reCaptchaToken: 'x', tracking })],
    [
      'the older (hunter) form',
      () => olderSignUpPayload(OLDER_FORM, { reCaptchaToken: 'x', hunterMode: true, tracking }),
    ],
  ])('%s sends the tracking the visit arrived with', (_form, build) => {
    expect(signUpPayloadSchema.parse(build())).toMatchObject(tracking);
  });

  it('sends no tracking field when the visit arrived with none', () => {
    const payload = createAccountPayload(form, { reCaptchaToken: 'x', tracking: {} });
    for (const name of Object.keys(tracking)) expect(payload).not.toHaveProperty(name);
  });
});

import { describe, expect, it } from 'vitest';
import { accountMessages, deliveryMessages, messages } from '../messages';
import { emailSchema } from '../schemas/auth-calls';
import {
  changePasswordProblem,
  checkCreateAccountForm,
  checkVerificationLinkFields,
  checkOlderSignUpForm,
  emailOnDomain,
  emailProblem,
  firstProblem,
  forgotPasswordProblem,
  formIsValid,
  isPlaceholderCompanyName,
  keptFollowUps,
  newPasswordProblems,
  PHONE_DIGITS_MAX,
  phoneDigits,
  phoneProblem,
  stateProblem,
  websiteProblem,
  zipCodeProblem,
  type CreateAccountForm,
  type OlderSignUpForm,
} from './signup-validation';

const validForm: CreateAccountForm = {
  first_name: 'Rosa',
  last_name: 'Diaz',
  company_name: 'Diaz Flowers',
  business: 'florist',
  other_business_type: '',
  events_per_year: '',
  storefront_type: 'physical_shop',
  resale_number: 'EIN-12-3456789',
  zipcode: '07030',
  email: 'rosa@diazflowers.com',
  mobile_phone: '2015550123',
  website: '',
  agree_terms: true,
  agree_text_messages: false,
  password: 'tulips-in-spring',
  password_repeat: 'tulips-in-spring',
  hunter: '',
};

const validOlder: OlderSignUpForm = {
  first_name: 'Rosa',
  last_name: 'Diaz',
  company_name: 'Diaz Flowers',
  email: 'rosa@diazflowers.com',
  email_confirm: 'Rosa@DiazFlowers.com',
  mobile_phone: '(201) 555-0123',
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

describe('emailProblem', () => {
  it.each([
    ['', accountMessages.enterEmailAddress],
    ['   ', accountMessages.enterEmailAddress],
    ['rosa @diaz.com', messages.emailHasSpace],
    ['rosa@diaz .com', messages.emailHasSpace],
    ['rosa\t@diaz.com', messages.emailHasSpace],
    ['rosa', messages.invalidEmail],
    ['rosa@', messages.invalidEmail],
    ['@diaz.com', messages.invalidEmail],
    ["'OR'1'='1'--@x", messages.invalidEmail],
    ['<script>@x.com', messages.invalidEmail],
    ['rosa@mailinator.com', messages.emailDoesNotSeemRight],
    ['rosa@MAILINATOR.com', messages.emailDoesNotSeemRight],
    ['rosa@eu.mailinator.com', messages.emailDoesNotSeemRight],
    ['rosa@notmailinator.com', null],
    ['  rosa@diaz.com  ', null],
    ['rosa+shop@diaz.co', null],
  ])('%j → %j', (email, expected) => {
    expect(emailProblem(email, ['mailinator.com'])).toBe(expected);
  });

  it.each([
    'Rosa@Diaz.COM',
    'rosa.diaz@flowers.example.org',
    'rosa..diaz@x.com',
    'rosa@x',
    'rosa@x.c',
    'rosa@-x.com',
    'ro"sa@x.com',
    'rosa@[127.0.0.1]',
    'ñandú@flores.com',
    'rosa@flores.com.',
  ])('accepts %j exactly when the server’s email schema does', (email) => {
    expect(emailProblem(email) === null).toBe(emailSchema.safeParse(email).success);
  });

  it('leaves fake domains to the server when no list is given', () => {
    expect(emailProblem('rosa@mailinator.com')).toBeNull();
  });
});

describe('emailOnDomain', () => {
  it.each([
    ['a@stemline.com', true],
    ['a@Sales.Stemline.com', true],
    ['a@stemline.com.evil.io', false],
    ['a@xstemline.com', false],
    ['no-at-sign', false],
  ])('%s → %s', (email, expected) => {
    expect(emailOnDomain(email, ['stemline.com', ''])).toBe(expected);
  });
});

describe('isPlaceholderCompanyName', () => {
  it.each(['NA', 'N/A', 'n/a', 'na', ' Na ', 'n/A'])('refuses %j', (name) => {
    expect(isPlaceholderCompanyName(name)).toBe(true);
  });
  it.each(['Nana Flowers', 'N/A Flowers', 'NAA', 'N//A', ''])('accepts %j', (name) => {
    expect(isPlaceholderCompanyName(name)).toBe(false);
  });
});

describe('zipCodeProblem, phoneProblem, websiteProblem', () => {
  it.each([
    ['', accountMessages.enterZipCode],
    ['0703', accountMessages.zipCodeFiveDigits],
    ['070301', accountMessages.zipCodeFiveDigits],
    ['07a30', accountMessages.zipCodeFiveDigits],
    ['٠٧٠٣٠', accountMessages.zipCodeFiveDigits],
    ['07030', null],
  ])('zip %j → %j', (zip, expected) => {
    expect(zipCodeProblem(zip)).toBe(expected);
  });

  it.each([
    ['', accountMessages.enterPhoneNumber],
    ['201555012', accountMessages.enterPhoneNumber],
    ['(201) 555-0123', accountMessages.enterPhoneNumber],
    ['2015550123', null],
    ['12015550123', null],
    ['2'.repeat(PHONE_DIGITS_MAX), null],
    ['2'.repeat(PHONE_DIGITS_MAX + 1), accountMessages.phoneTooLong(PHONE_DIGITS_MAX)],
    ['2'.repeat(40), accountMessages.phoneTooLong(PHONE_DIGITS_MAX)],
    ['2015550123x', accountMessages.enterPhoneNumber],
  ])('phone %j → %j', (phone, expected) => {
    expect(phoneProblem(phone)).toBe(expected);
  });

  it('strips a phone to its digits', () => {
    expect(phoneDigits('+1 (201) 555-0123 ext')).toBe('12015550123');
  });

  it.each([
    ['', null],
    ['diazflowers.com', null],
    ['http://diazflowers.com', null],
    ['https://www.diazflowers.com/shop?x=1', null],
    ['ftp://diazflowers.com', accountMessages.invalidWebsite],
    ['diazflowers', accountMessages.invalidWebsite],
    ['https://', accountMessages.invalidWebsite],
    ['javascript:alert(1)', accountMessages.invalidWebsite],
    ['diaz flowers.com', accountMessages.invalidWebsite],
  ])('website %j → %j', (website, expected) => {
    expect(websiteProblem(website)).toBe(expected);
  });
});

describe('newPasswordProblems', () => {
  it.each([
    ['', '', { password: messages.enterPassword }],
    ['short', 'short', { password: accountMessages.passwordMinimum }],
    ['long-enough', '', { password_repeat: accountMessages.repeatPassword }],
    ['long-enough', 'long-enougH', { password_repeat: accountMessages.passwordMismatch }],
    ['long-enough', 'long-enough', {}],
  ])('%j / %j', (password, repeat, expected) => {
    expect(newPasswordProblems(password, repeat)).toEqual(expected);
  });
});

describe('checkCreateAccountForm (v2)', () => {
  it('passes a complete form', () => {
    expect(formIsValid(checkCreateAccountForm(validForm))).toBe(true);
  });

  it('gives every required field its own spec message on an empty form', () => {
    const empty: CreateAccountForm = {
      ...validForm,
      first_name: '',
      last_name: '',
      company_name: '',
      business: '',
      storefront_type: '',
      resale_number: '',
      zipcode: '',
      email: '',
      mobile_phone: '',
      agree_terms: false,
      password: '',
      password_repeat: '',
    };
    expect(checkCreateAccountForm(empty)).toEqual({
      toast: null,
      fields: {
        first_name: 'Enter First Name',
        last_name: 'Enter Last Name',
        company_name: 'Enter Company Name',
        business: 'Enter Business Type',
        resale_number: 'Enter Resale Number/BIN/EIN/Tax ID',
        zipcode: 'Enter Zip Code',
        email: 'Enter Email Address',
        mobile_phone: 'Enter Phone Number',
        agree_terms: 'This field is required.',
        password: 'Enter a password',
      },
    });
  });

  it.each([
    ['florist', 'storefront_type'],
    ['wedding_event_designer', 'events_per_year'],
  ] as const)('asks the follow-up of %s', (business, field) => {
    const check = checkCreateAccountForm({
      ...validForm,
      business,
      storefront_type: '',
      events_per_year: '',
    });
    expect(check.fields).toEqual({ [field]: 'This field is required' });
  });

  it("does not ask a follow-up for 'Other'", () => {
    const check = checkCreateAccountForm({ ...validForm, business: 'other', storefront_type: '' });
    expect(formIsValid(check)).toBe(true);
  });

  it.each(['NA', 'n/a', ' N/A '])('toasts a company named %j', (company_name) => {
    const check = checkCreateAccountForm({ ...validForm, company_name });
    expect(check.toast).toBe('Company name cannot be NA or N/A');
    expect(firstProblem(check)).toBe('Company name cannot be NA or N/A');
  });

  it('requires a contact owner only in hunter mode', () => {
    expect(checkCreateAccountForm(validForm, { hunterMode: true }).fields).toEqual({
      hunter: messages.fieldRequired,
    });
    expect(formIsValid(checkCreateAccountForm(validForm))).toBe(true);
  });

  it('refuses a fake-domain email with the server list', () => {
    const check = checkCreateAccountForm(
      { ...validForm, email: 'a@mailinator.com' },
      { fakeEmailDomains: ['mailinator.com'] },
    );
    expect(check.fields).toEqual({ email: "Sorry, your email doesn't seem right." });
  });

  it('survives hostile values without throwing', () => {
    const hostile = '\u0000'.repeat(10_000) + '<img onerror=x>';
    const check = checkCreateAccountForm({
      ...validForm,
      first_name: hostile,
      website: hostile,
      email: hostile,
      zipcode: hostile,
    });
    expect(check.fields.website).toBe(accountMessages.invalidWebsite);
    expect(check.fields.zipcode).toBe(accountMessages.zipCodeFiveDigits);
  });
});

describe('checkOlderSignUpForm', () => {
  it('passes a complete form, comparing emails without case', () => {
    expect(formIsValid(checkOlderSignUpForm(validOlder, { hunterMode: true }))).toBe(true);
  });

  it.each<[Partial<OlderSignUpForm>, Partial<Record<keyof OlderSignUpForm, string>>]>([
    [{ email_confirm: 'other@diaz.com' }, { email_confirm: 'Email does not match' }],
    [
      { mobile_phone: '555-0123' },
      { mobile_phone: 'Please fill in the 10 digits of your mobile phone number.' },
    ],
    [
      { mobile_phone: '1 201 555 0123' },
      { mobile_phone: 'Please fill in the 10 digits of your mobile phone number.' },
    ],
    [
      { city: '', state: '' },
      { city: 'This field is required.', state: 'This field is required.' },
    ],
    [{ events_per_year: '' }, { events_per_year: 'This field is required.' }],
    [{ storefront_type: '' }, { storefront_type: 'This field is required.' }],
    [{ business: 'other' }, { others_business: 'This field is required.' }],
    [{ business: 'other', others_business: 'Caterer' }, {}],
    [{ hunter: '' }, { hunter: 'This field is required.' }],
  ])('%j → %j', (change, expected) => {
    expect(checkOlderSignUpForm({ ...validOlder, ...change }, { hunterMode: true }).fields).toEqual(
      expected,
    );
  });
});

describe('forgot and change password', () => {
  it.each([
    ['', 'Please use an email'],
    ['   ', 'Please use an email'],
    ['a@b.co', null],
  ])('forgot %j → %j', (email, expected) => {
    expect(forgotPasswordProblem(email)).toBe(expected);
  });

  it.each([
    [{ userId: '', code: 'c', password: 'longenough', repeat: 'longenough' }, 'Missing parameters'],
    [
      { userId: 'u', code: ' ', password: 'longenough', repeat: 'longenough' },
      'Missing parameters',
    ],
    [
      { userId: 'u', code: 'c', password: '', repeat: 'x' },
      'Please write a password of 8 characters minimum',
    ],
    [
      { userId: 'u', code: 'c', password: 'short', repeat: 'short' },
      'Please write a password of 8 characters minimum',
    ],
    [
      { userId: 'u', code: 'c', password: 'longenough', repeat: 'longenougH' },
      "Password doesn't match",
    ],
    [{ userId: 'u', code: 'c', password: 'longenough', repeat: 'longenough' }, null],
  ])('change %j → %j', (input, expected) => {
    expect(changePasswordProblem(input)).toBe(expected);
  });
});

describe('stateProblem', () => {
  it.each([
    ['NJ', null],
    ['DC', null],
    ['', messages.fieldRequired],
    ['ZZ', deliveryMessages.chooseState],
    ['nj', deliveryMessages.chooseState],
    ['New Jersey', deliveryMessages.chooseState],
    ['__proto__', deliveryMessages.chooseState],
  ])('state %j → %j', (state, expected) => {
    expect(stateProblem(state)).toBe(expected);
  });
});

describe('keptFollowUps', () => {
  const both = { events_per_year: 'under_10', storefront_type: 'physical_shop' };
  it.each([
    ['florist', { storefront_type: 'physical_shop' }],
    ['wedding_event_designer', { events_per_year: 'under_10' }],
    ['venue', {}],
    ['', {}],
  ])('keeps only the follow-up of %j', (business, kept) => {
    expect(keptFollowUps(business, both)).toEqual(kept);
  });
});

describe('checkVerificationLinkFields', () => {
  it('passes an email alone, and a link whose every field passes', () => {
    expect(formIsValid(checkVerificationLinkFields({ email: 'ana@bloom-shop.co' }))).toBe(true);
    const full = {
      email: 'ana@bloom-shop.co',
      company_name: 'Fern & Co',
      zipcode: '10001',
      mobile_phone: '2015550123',
      state: 'NY',
      business: 'florist',
      storefront_type: 'physical_shop',
    };
    expect(formIsValid(checkVerificationLinkFields(full))).toBe(true);
  });

  it.each([
    [{ company_name: 'N/A' }, accountMessages.companyNameNotNA],
    [{ zipcode: '1' }, accountMessages.zipCodeFiveDigits],
    [{ mobile_phone: '555' }, accountMessages.enterPhoneNumber],
    [{ state: 'ZZ' }, deliveryMessages.chooseState],
    [{ business: 'casino' }, accountMessages.signUpAnswerNotOffered('the business type')],
    [
      { events_per_year: 'millions' },
      accountMessages.signUpAnswerNotOffered('how many events you do a year'),
    ],
    [{ email: 'ana @bloom-shop.co' }, messages.emailHasSpace],
  ])('refuses %j', (fields, message) => {
    const check = checkVerificationLinkFields({ email: 'ana@bloom-shop.co', ...fields });
    expect(firstProblem(check)).toBe(message);
  });

  it('refuses an email on a fake domain from the list it is given', () => {
    const check = checkVerificationLinkFields(
      { email: 'ana@mailinator.com' },
      { fakeEmailDomains: ['mailinator.com'] },
    );
    expect(check.fields.email).toBe(messages.emailDoesNotSeemRight);
  });
});

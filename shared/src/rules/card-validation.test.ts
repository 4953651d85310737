import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  cardUsable,
  cardProblems,
  checkCard,
  detectCardBrand,
  luhnValid,
  normalizeCardNumber,
  type CardBrand,
} from './card-validation';

const today = Temporal.PlainDate.from('2026-11-21');
const valid = { exp_month: 12, exp_year: 2029, cvv: '123' };

describe('detectCardBrand', () => {
  const cases: [string, CardBrand | null][] = [
    ['4111111111111111', 'visa'],
    ['4222222222222', 'visa'],
    ['4000000000000000006', 'visa'],
    ['40000000000002', null],
    ['400000000000000002', null],
    ['5555555555554444', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720000000000005', 'mastercard'],
    ['2220000000000000', null],
    ['2721000000000004', null],
    ['5600000000000003', null],
    ['5000000000000009', null],
    ['510000000000003', null],
    ['378282246310005', 'amex'],
    ['371449635398431', 'amex'],
    ['340000000000009', 'amex'],
    ['3700000000000007', null],
    ['30569309025904', 'diners'],
    ['38520000023237', 'diners'],
    ['36227206271667', 'diners'],
    ['30950000000000', 'diners'],
    ['3900000000000005', 'diners'],
    ['30600000000001', null],
    ['30900000000005', null],
    ['3600000000004', null],
    ['6011111111111117', 'discover'],
    ['6011000990139424', 'discover'],
    ['6221260000000000', 'discover'],
    ['6229250000000000006', 'discover'],
    ['6440000000000005', 'discover'],
    ['6490000000000004', 'discover'],
    ['6500000000000002', 'discover'],
    ['6221250000000001', null],
    ['6229260000000002', null],
    ['6430000000000007', null],
    ['6012000000000003', null],
    ['6200000000000005', null],
    ['3530111333300000', 'jcb'],
    ['3566002020360505', 'jcb'],
    ['3528000000000007', 'jcb'],
    ['3589000000000000009', 'jcb'],
    ['3527000000000008', null],
    ['3590000000000000', null],
    ['6759649826438453', null],
    ['2200000000000004', null],
    ['9000000000000001', null],
  ];
  it.each(cases)('%s → %s', (digits, brand) => {
    expect(detectCardBrand(digits)).toBe(brand);
  });
});

describe('luhnValid', () => {
  it.each([
    ['4111111111111111', true],
    ['4111111111111112', false],
    ['378282246310005', true],
    ['378282246310006', false],
    ['0000000000000000', true],
    ['', false],
    ['41111111a1111111', false],
    ['４１１１', false],
  ])('%j → %s', (digits, expected) => {
    expect(luhnValid(digits)).toBe(expected);
  });
});

describe('normalizeCardNumber', () => {
  it.each([
    ['4111111111111111', '4111111111111111'],
    ['4111 1111 1111 1111', '4111111111111111'],
    ['4111-1111-1111-1111', '4111111111111111'],
    ['  4111 1111 1111 1111  ', '4111111111111111'],
    ['3782 822463 10005', '378282246310005'],
  ])('accepts %j', (input, digits) => {
    expect(normalizeCardNumber(input)).toBe(digits);
  });

  it.each([
    ['an empty string', ''],
    ['11 digits', '41111111111'],
    ['20 digits', '41111111111111111111'],
    ['two spaces in a row', '4111  1111 1111 1111'],
    ['a trailing hyphen', '4111-1111-1111-1111-'],
    ['mixed letters', '4111 1111 1111 111O'],
    ['full-width digits', '４１１１１１１１１１１１１１１１'],
    ['Arabic-Indic digits', '٤١١١١١١١١١١١١١١١'],
    ['a zero-width space', '4111\u200b111111111111'],
    ['a newline inside', '4111\n1111 1111 1111'],
    ['a plus sign', '+4111111111111111'],
    ['a decimal point', '4111111111111111.0'],
    ['scientific notation', '4.111111111111111e15'],
    ['SQL', "4111111111111111' OR 1=1 --"],
    ['a script tag', '<script>4111111111111111</script>'],
    ['10,000 digits', '4'.repeat(10_000)],
    ['a number, not a string', 4111111111111111],
    ['null', null],
    ['an object', { number: '4111111111111111' }],
    ['an array', ['4111111111111111']],
  ])('refuses %s', (_case, input) => {
    expect(normalizeCardNumber(input)).toBeNull();
  });
});

describe('cardUsable', () => {
  it.each([
    [11, 2026, true],
    [12, 2026, true],
    [10, 2026, false],
    [1, 2027, true],
    [12, 2025, false],
    [11, 26, true],
    [10, 26, false],
  ])('expiry %i/%i on 2026-11-21 → %s', (exp_month, exp_year, usable) => {
    expect(cardUsable({ exp_month, exp_year }, today)).toBe(usable);
  });
});

describe('checkCard', () => {
  it.each([
    ['4111 1111 1111 1111', 'visa', '1111', '123'],
    ['5555555555554444', 'mastercard', '4444', '123'],
    ['378282246310005', 'amex', '0005', '1234'],
    ['30569309025904', 'diners', '5904', '123'],
    ['6011111111111117', 'discover', '1117', '123'],
    ['3530111333300000', 'jcb', '0000', '123'],
  ])(
    'accepts %s as %s ending %s, keeping only brand, last 4 and expiry',
    (number, brand, last4, cvv) => {
      const result = checkCard({ ...valid, number, cvv }, today);
      expect(result).toEqual({ ok: true, brand, last4, exp_month: 12, exp_year: 2029 });
      expect(JSON.stringify(result)).not.toContain(number.replace(/ /g, '').slice(0, 12));
    },
  );

  it('reads a two-digit year and string month', () => {
    expect(
      checkCard({ number: '4111111111111111', exp_month: '03', exp_year: '28', cvv: '000' }, today),
    ).toMatchObject({ ok: true, exp_month: 3, exp_year: 2028 });
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['a failed Luhn check', { number: '4111111111111112' }, 'number', 'card_invalid'],
    [
      'an unsupported brand (UnionPay)',
      { number: '6200000000000005' },
      'number',
      'card_unsupported',
    ],
    [
      'an unsupported brand (Maestro)',
      { number: '6759649826438453' },
      'number',
      'card_unsupported',
    ],
    ['a Visa of 14 digits', { number: '40000000000002' }, 'number', 'card_unsupported'],
    ['letters', { number: 'four one one one' }, 'number', 'card_invalid'],
    ['a huge number', { number: '4'.repeat(1000) }, 'number', 'card_invalid'],
    ['no number', { number: undefined }, 'number', 'card_invalid'],
    ['month 0', { exp_month: 0 }, 'expiry', 'expiry_invalid'],
    ['month 13', { exp_month: 13 }, 'expiry', 'expiry_invalid'],
    ['month 1.5', { exp_month: 1.5 }, 'expiry', 'expiry_invalid'],
    ['month "12abc"', { exp_month: '12abc' }, 'expiry', 'expiry_invalid'],
    ['month NaN', { exp_month: Number.NaN }, 'expiry', 'expiry_invalid'],
    ['a year 30 years ahead', { exp_year: 2056 }, 'expiry', 'expiry_invalid'],
    ['year 1999', { exp_year: 1999 }, 'expiry', 'expiry_invalid'],
    ['year -1', { exp_year: -1 }, 'expiry', 'expiry_invalid'],
    ['last month', { exp_month: 10, exp_year: 2026 }, 'expiry', 'card_expired'],
    ['a CVV of 2 digits', { cvv: '12' }, 'cvv', 'cvv_invalid'],
    ['a CVV of 4 digits on a Visa', { cvv: '1234' }, 'cvv', 'cvv_invalid'],
    [
      'a CVV of 3 digits on an Amex',
      { number: '378282246310005', cvv: '123' },
      'cvv',
      'cvv_invalid',
    ],
    ['a CVV with letters', { cvv: '12a' }, 'cvv', 'cvv_invalid'],
    ['a CVV that is a number', { cvv: 123 }, 'cvv', 'cvv_invalid'],
  ];
  it.each(refusals)('refuses %s', (_case, override, field, code) => {
    const result = checkCard({ number: '4111111111111111', ...valid, ...override }, today);
    expect(result).toMatchObject({ ok: false, field, code });
  });

  it('never repeats the number or the CVV in its messages', () => {
    for (const [, override] of refusals) {
      const result = checkCard({ number: '4111111111111111', ...valid, ...override }, today);
      if (result.ok) throw new Error('expected a refusal');
      expect(result.message).not.toMatch(/[0-9]{3,}/);
    }
  });
});

describe('cardProblems', () => {
  it('names every wrong field at once, in the form’s order', () => {
    const problems = cardProblems(
      { number: '4111 1111 1111 1112', exp_month: '13', exp_year: '30', cvv: '12' },
      today,
    );
    expect(problems.map(({ field, code }) => [field, code])).toEqual([
      ['number', 'card_invalid'],
      ['expiry', 'expiry_invalid'],
      ['cvv', 'cvv_invalid'],
    ]);
  });

  it('is empty for a card checkCard accepts', () => {
    expect(cardProblems({ ...valid, number: '4111111111111111', cvv: '123' }, today)).toEqual([]);
  });

  it.each([
    ['3 digits', '123', []],
    ['4 digits', '1234', []],
    ['2 digits', '12', ['cvv']],
  ])(
    'without a readable number, takes a CVV of %s as the number alone is wrong',
    (_, cvv, more) => {
      const fields = cardProblems({ ...valid, number: 'nope', cvv }, today).map((p) => p.field);
      expect(fields).toEqual(['number', ...more]);
    },
  );

  it('agrees with checkCard on the first problem of each refusal', () => {
    for (const override of [
      { number: '4111111111111112', exp_month: 0 },
      { exp_month: 13, cvv: '1' },
      { cvv: '12a' },
    ]) {
      const input = { number: '4111111111111111', ...valid, ...override };
      expect(cardProblems(input, today)[0]).toEqual(checkCard(input, today));
    }
  });
});

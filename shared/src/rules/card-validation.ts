import type { Temporal } from 'temporal-polyfill';
import { checkoutMessages } from '../messages';

/** The card brands of spec §9, as stored; `cardBrandNames` holds how they are written. */
export const CARD_BRANDS = ['amex', 'diners', 'discover', 'jcb', 'mastercard', 'visa'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const cardBrandNames: Record<CardBrand, string> = {
  amex: 'Amex',
  diners: 'Diners',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'MasterCard',
  visa: 'Visa',
};

interface BrandRule {
  brand: CardBrand;
  /** Inclusive numeric ranges of the leading digits (IIN prefixes), compared digit-count-wise. */
  prefixes: readonly (readonly [string, string])[];
  lengths: readonly number[];
  cvvLength: number;
}

/** Issuer prefixes and lengths; more specific ranges come first (Discover's 622126–622925 before none). */
const BRAND_RULES: readonly BrandRule[] = [
  {
    brand: 'amex',
    prefixes: [
      ['34', '34'],
      ['37', '37'],
    ],
    lengths: [15],
    cvvLength: 4,
  },
  {
    brand: 'diners',
    prefixes: [
      ['300', '305'],
      ['3095', '3095'],
      ['36', '36'],
      ['38', '39'],
    ],
    lengths: [14, 15, 16, 17, 18, 19],
    cvvLength: 3,
  },
  { brand: 'jcb', prefixes: [['3528', '3589']], lengths: [16, 17, 18, 19], cvvLength: 3 },
  {
    brand: 'discover',
    prefixes: [
      ['6011', '6011'],
      ['622126', '622925'],
      ['644', '649'],
      ['65', '65'],
    ],
    lengths: [16, 17, 18, 19],
    cvvLength: 3,
  },
  {
    brand: 'mastercard',
    prefixes: [
      ['51', '55'],
      ['2221', '2720'],
    ],
    lengths: [16],
    cvvLength: 3,
  },
  { brand: 'visa', prefixes: [['4', '4']], lengths: [13, 16, 19], cvvLength: 3 },
];

const MAX_INPUT_LENGTH = 40;
const YEARS_AHEAD = 20;

/**
 * The card number's digits when the input is 12–19 ASCII digits, optionally grouped with single
 * spaces or hyphens; null for anything else (letters, other scripts' digits, control characters,
 * separators in a row, oversized input).
 */
export function normalizeCardNumber(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > MAX_INPUT_LENGTH) return null;
  const trimmed = input.trim();
  if (!/^[0-9]+(?:[ -][0-9]+)*$/.test(trimmed)) return null;
  const digits = trimmed.replace(/[ -]/g, '');
  return digits.length >= 12 && digits.length <= 19 ? digits : null;
}

/** The Luhn (mod 10) check every issued card number passes. `digits` must be ASCII digits. */
export function luhnValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand whose issuer prefix and length match `digits`, or null when none of the six does. */
export function detectCardBrand(digits: string): CardBrand | null {
  for (const rule of BRAND_RULES) {
    if (!rule.lengths.includes(digits.length)) continue;
    const matches = rule.prefixes.some(([from, to]) => {
      const head = digits.slice(0, from.length);
      return head.length === from.length && head >= from && head <= to;
    });
    if (matches) return rule.brand;
  }
  return null;
}

/** Digits a CVV of `brand` has: 4 for Amex, 3 for the others. */
export function cvvLength(brand: CardBrand): number {
  return BRAND_RULES.find((rule) => rule.brand === brand)?.cvvLength ?? 3;
}

/** Whole-year expiry: two digits mean 20yy. */
export function expiryYear(year: number): number {
  return year >= 0 && year < 100 ? 2000 + year : year;
}

/** True while the card is usable: through the last day of its expiry month, at the market. */
export function cardUsable(
  expiry: { exp_month: number; exp_year: number },
  today: Temporal.PlainDate,
): boolean {
  const year = expiryYear(expiry.exp_year);
  return year > today.year || (year === today.year && expiry.exp_month >= today.month);
}

export interface CardInput {
  number: unknown;
  exp_month: unknown;
  exp_year: unknown;
  cvv: unknown;
}

export type CardCheck =
  | { ok: true; brand: CardBrand; last4: string; exp_month: number; exp_year: number }
  | {
      ok: false;
      field: 'number' | 'expiry' | 'cvv';
      code: 'card_invalid' | 'card_unsupported' | 'card_expired' | 'expiry_invalid' | 'cvv_invalid';
      message: string;
    };

/** What is wrong with one field of a card as typed. */
export type CardProblem = Extract<CardCheck, { ok: false }>;

/**
 * Checks a card as typed, before it is tokenised: the number (format, brand, Luhn), the expiry
 * (a real month, not past at the market's `today`, at most 20 years ahead) and the CVV (3 digits,
 * 4 for Amex). The answer keeps only what may be stored — brand, last four digits and expiry —
 * and its messages never repeat what was typed. A refusal names the first wrong field;
 * `cardProblems` names them all.
 */
export function checkCard(input: CardInput, today: Temporal.PlainDate): CardCheck {
  const number = checkNumber(input.number);
  if (!number.ok) return number;
  const expiry = checkExpiry(input.exp_month, input.exp_year, today);
  if (!expiry.ok) return expiry;
  const cvv = checkCvv(input.cvv, number.brand);
  if (cvv) return cvv;
  return { ok: true, brand: number.brand, last4: number.digits.slice(-4), ...expiry.value };
}

/**
 * Every wrong field of a card as typed (number, expiry, CVV; at most one problem each, in that
 * order), so a form shows all its messages at once; empty when `checkCard` accepts the card.
 * Without a known brand, a CVV of 3 or 4 digits passes: the number's message says what to fix.
 */
export function cardProblems(input: CardInput, today: Temporal.PlainDate): CardProblem[] {
  const number = checkNumber(input.number);
  const expiry = checkExpiry(input.exp_month, input.exp_year, today);
  const cvv = checkCvv(input.cvv, number.ok ? number.brand : null);
  return [...(number.ok ? [] : [number]), ...(expiry.ok ? [] : [expiry]), ...(cvv ? [cvv] : [])];
}

function checkNumber(input: unknown): { ok: true; digits: string; brand: CardBrand } | CardProblem {
  const digits = normalizeCardNumber(input);
  if (!digits) return invalid('number', 'card_invalid', checkoutMessages.cardNumberInvalid);
  const brand = detectCardBrand(digits);
  if (!brand) return invalid('number', 'card_unsupported', checkoutMessages.cardBrandUnsupported);
  if (!luhnValid(digits))
    return invalid('number', 'card_invalid', checkoutMessages.cardNumberInvalid);
  return { ok: true, digits, brand };
}

function checkExpiry(
  inputMonth: unknown,
  inputYear: unknown,
  today: Temporal.PlainDate,
): { ok: true; value: { exp_month: number; exp_year: number } } | CardProblem {
  const month = wholeNumber(inputMonth);
  const rawYear = wholeNumber(inputYear);
  if (month === null || rawYear === null || month < 1 || month > 12)
    return invalid('expiry', 'expiry_invalid', checkoutMessages.cardExpiryInvalid);
  const year = expiryYear(rawYear);
  if (year > today.year + YEARS_AHEAD || year < 2000)
    return invalid('expiry', 'expiry_invalid', checkoutMessages.cardExpiryInvalid);
  if (!cardUsable({ exp_month: month, exp_year: year }, today))
    return invalid('expiry', 'card_expired', checkoutMessages.cardExpired);
  return { ok: true, value: { exp_month: month, exp_year: year } };
}

/** The CVV's problem, if any; `brand` null (number not read) accepts 3 or 4 digits. */
function checkCvv(input: unknown, brand: CardBrand | null): CardProblem | null {
  const cvv = typeof input === 'string' ? input.trim() : '';
  const pattern = brand ? `^[0-9]{${cvvLength(brand)}}$` : '^[0-9]{3,4}$';
  if (new RegExp(pattern).test(cvv)) return null;
  return invalid('cvv', 'cvv_invalid', checkoutMessages.cvvInvalid(brand ? cvvLength(brand) : 3));
}

/** An integer from a number or a string of 1–4 ASCII digits; null for anything else. */
function wholeNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^[0-9]{1,4}$/.test(value.trim())) return Number(value.trim());
  return null;
}

function invalid(
  field: CardProblem['field'],
  code: CardProblem['code'],
  message: string,
): CardProblem {
  return { ok: false, field, code, message };
}

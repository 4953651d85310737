/**
 * Money is counted in integer cents: in storage, in the rules, in the synced documents and in
 * our own API answers (fields named `…_cents`). Sums of cents are exact, so a statement of
 * thousands of lines adds up to the cent. Two other units exist, each named by its suffix:
 * a price row's parts in mills (`…_mills`, tenths of a cent: a farm quotes $0.285 a stem), and
 * dollars only where the spec's answers give them (shared/src/schemas/dollar-views.ts) and on
 * screen (`formatCents`). docs/architecture.md "Money" says where each rounding happens.
 */

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Spec §5: an amount of whole cents shown in USD, 2 decimals with thousands commas. */
export function formatCents(cents: number): string {
  // A whole number of cents over 100 is the nearest double to its dollars, so two decimals
  // print its digits exactly.
  return usd.format(cents / 100);
}

const count = new Intl.NumberFormat('en-US');

/**
 * A count with thousands commas (11,000 varieties). One formatter, made once: `toLocaleString`
 * builds one per call, which shows in a search keystroke that rewrites the result count.
 */
export function formatCount(value: number): string {
  return count.format(value);
}

/**
 * A computed amount (in any unit) to the nearest whole unit, half up. The value may carry binary
 * error from a ratio or a division (1350 × 0.9 = 1215.0000000000002, 4.015 × 100 =
 * 401.49999999999994); 15 significant digits drop it before rounding.
 */
function roundHalfUp(value: number): number {
  return Math.round(Number(value.toPrecision(15)));
}

/**
 * Whole cents of an amount of cents that a ratio or a division made fractional (a discount, a
 * unit price from its parts): the one place such an amount is rounded, half up.
 */
export function wholeCents(cents: number): number {
  return roundHalfUp(cents);
}

/**
 * Dollars from outside (an older REAL column or document, a spec answer) to whole cents, half up
 * without binary drift (4.015 → 402, 0.1 + 0.2 → 30).
 */
export function dollarsToCents(dollars: number): number {
  return roundHalfUp(dollars * 100);
}

/** Whole cents as the dollars a spec answer gives: exact for whole cents (160 → 1.6). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Dollars from outside to whole mills (tenths of a cent), half up without binary drift. */
export function dollarsToMills(dollars: number): number {
  return roundHalfUp(dollars * 1000);
}

/** Whole mills as dollars (a price part in a spec-shaped answer). */
export function millsToDollars(mills: number): number {
  return mills / 1000;
}

/** Mills in a cent: a price row's parts are mills, the unit price it makes is cents. */
export const MILLS_PER_CENT = 10;

import { centsToDollars, dollarsToCents, dollarsToMills, millsToDollars } from './money';
import type { CartLine } from './schemas/cart';
import type { Claim } from './schemas/claims';
import type { CustomBox } from './schemas/custom-box';
import type { Order, OrderSummary } from './schemas/orders';
import type {
  RunItemOutcome,
  RunItemOutcomeInDollars,
  ShoppingList,
} from './schemas/shopping-lists';

/**
 * The two edges where money is not whole cents: the spec's calls, whose answers give amounts in
 * dollars under the names they always had (`stem_price`, `total`, `total_claim`), and documents
 * stored before money was counted in cents. A document's money fields are listed once, as a
 * shape; `inDollars` turns a document into the spec's form and `fromDollars` turns such a form
 * (an older stored document, a spec answer read by the app) back. Each field keeps its place, so
 * a spec answer is byte for byte what it was.
 */

/** The money fields of a document: `'cents'` or `'mills'` by their dollar name, nested shapes inside. */
export interface MoneyShape {
  readonly [field: string]: 'cents' | 'mills' | MoneyShape;
}

/** A document as the spec gives it: `x_cents` and `x_mills` become dollars named `x`. */
export type InDollars<T> = T extends readonly (infer Item)[]
  ? InDollars<Item>[]
  : T extends object
    ? {
        [
          K in keyof T as K extends `${infer Base}_cents`
            ? Base
            : K extends `${infer Base}_mills`
              ? Base
              : K
        ]: InDollars<T[K]>;
      }
    : T;

const SUFFIX = { cents: '_cents', mills: '_mills' } as const;
const TO_DOLLARS = { cents: centsToDollars, mills: millsToDollars } as const;
const FROM_DOLLARS = { cents: dollarsToCents, mills: dollarsToMills } as const;

type Amount = (value: number) => number;

/** The shape's entry for a field: its own entries only, never one inherited from Object. */
function fieldOf(shape: MoneyShape, field: string): MoneyShape[string] | undefined {
  return Object.hasOwn(shape, field) ? shape[field] : undefined;
}

/** An amount field's value converted: a number, null, or a record of numbers (prices by key). */
function convertAmount(value: unknown, convert: Amount): unknown {
  if (typeof value === 'number') return convert(value);
  if (value !== null && typeof value === 'object' && !Array.isArray(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        typeof item === 'number' ? convert(item) : item,
      ]),
    );
  return value;
}

/** Every item of a list, or the one object, through `convert`; anything else as it is. */
function nested(value: unknown, convert: (doc: Record<string, unknown>) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => nested(item, convert));
  if (value !== null && typeof value === 'object') return convert(value as Record<string, unknown>);
  return value;
}

function toDollars(doc: Record<string, unknown>, shape: MoneyShape): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    const unit = key.endsWith(SUFFIX.cents) ? 'cents' : key.endsWith(SUFFIX.mills) ? 'mills' : null;
    const base = unit ? key.slice(0, -SUFFIX[unit].length) : key;
    const inner = fieldOf(shape, key);
    if (unit && fieldOf(shape, base) === unit) out[base] = convertAmount(value, TO_DOLLARS[unit]);
    else if (typeof inner === 'object') out[key] = nested(value, (item) => toDollars(item, inner));
    else out[key] = value;
  }
  return out;
}

function fromDollarsDoc(doc: Record<string, unknown>, shape: MoneyShape): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    const field = fieldOf(shape, key);
    if (field === 'cents' || field === 'mills')
      out[`${key}${SUFFIX[field]}`] = convertAmount(value, FROM_DOLLARS[field]);
    else if (typeof field === 'object')
      out[key] = nested(value, (item) => fromDollarsDoc(item, field));
    else out[key] = value;
  }
  return out;
}

/** A document (or list of them) in the spec's dollar form. */
export function inDollars<T>(doc: T, shape: MoneyShape): InDollars<T> {
  return nested(doc, (item) => toDollars(item, shape)) as InDollars<T>;
}

/**
 * A document in dollars (stored before money was in cents, or a spec answer) in whole cents and
 * mills, each amount rounded half up. Fields it does not name pass through, so a document
 * already in cents comes back unchanged.
 */
export function fromDollars(doc: unknown, shape: MoneyShape): unknown {
  return nested(doc, (item) => fromDollarsDoc(item, shape));
}

export const CART_LINE_MONEY: MoneyShape = { price_at_add: 'cents', stem_price: 'cents' };

export const OFFER_MONEY: MoneyShape = {
  grower_price: 'mills',
  freight_cost: 'mills',
  box_charge: 'mills',
  stem_price: 'cents',
};

/** A queued mutation's preview (an add's offer, a box's items, a re-order's rows' offers). */
export const OUTBOX_PREVIEW_MONEY: MoneyShape = {
  preview: { offer: OFFER_MONEY, items: { stem_price: 'cents' }, rows: { offer: OFFER_MONEY } },
};

export const CUSTOM_BOX_MONEY: MoneyShape = { items: { stem_price: 'cents' } };

export const ORDER_MONEY: MoneyShape = {
  lines: { stem_price: 'cents', cart_price: 'cents', total: 'cents' },
  custom_boxes: { items: { stem_price: 'cents', cart_price: 'cents' }, total: 'cents' },
  subtotal: 'cents',
  discount: 'cents',
  credit_applied: 'cents',
  total: 'cents',
};

export const ORDER_SUMMARY_MONEY: MoneyShape = { total: 'cents' };

export const CLAIM_MONEY: MoneyShape = {
  items: { unit_price: 'cents', total_claim: 'cents' },
  total_claim: 'cents',
  credit_amount: 'cents',
};

export const RUN_OUTCOME_MONEY: MoneyShape = {
  stem_price: 'cents',
  alternatives: { stem_price: 'cents' },
};

export const SHOPPING_LIST_MONEY: MoneyShape = {
  last_prices: 'cents',
  last_run: { outcomes: RUN_OUTCOME_MONEY },
};

/** Spec answers: each document type in its dollar form. */
export const cartLineInDollars = (line: CartLine) => inDollars(line, CART_LINE_MONEY);
export const customBoxInDollars = (box: CustomBox) => inDollars(box, CUSTOM_BOX_MONEY);
export const orderInDollars = (order: Order) => inDollars(order, ORDER_MONEY);
export const orderSummaryInDollars = (summary: OrderSummary) =>
  inDollars(summary, ORDER_SUMMARY_MONEY);
export const claimInDollars = (claim: Claim) => inDollars(claim, CLAIM_MONEY);
export const runOutcomeInDollars = (outcome: RunItemOutcome) =>
  inDollars(outcome, RUN_OUTCOME_MONEY);
export const shoppingListInDollars = (list: ShoppingList) => inDollars(list, SHOPPING_LIST_MONEY);

/** A spec answer's run outcomes (`/repurchase_products`) back in cents, for the app. */
export const runOutcomesFromDollars = (outcomes: readonly RunItemOutcomeInDollars[]) =>
  fromDollars(outcomes, RUN_OUTCOME_MONEY) as RunItemOutcome[];

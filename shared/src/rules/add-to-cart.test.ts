import { describe, expect, it } from 'vitest';
import type { CartLine } from '../schemas/cart';
import type { Offer } from '../schemas/catalog';
import {
  addBoxesToLine,
  boxesOfOption,
  decideAddToCart,
  holdsEveryLine,
  unitsForBoxes,
  type AddToCartDecision,
} from './add-to-cart';
import { testGrower, testOffer, testVariety } from './catalog-fixture';

const variety = testVariety({ key: 'v-freedom' });
const grower = testGrower({ key: 'gr-andina' });
const offer = testOffer({ variety_key: 'v-freedom', grower_key: 'gr-andina' });

const NOW = Date.UTC(2026, 10, 20, 15, 0);
const THIRTY_MINUTES = 30 * 60 * 1000;

const soldOut = 'Sorry, this offer just sold out: no boxes are left.';
const boxLimit = 'A cart can hold at most 30 boxes of one offer.';
const invalidQuantity = 'Please choose at least one box.';

describe('decideAddToCart', () => {
  const cases: {
    name: string;
    requested: number;
    available: number;
    perBox?: number;
    inCart?: number;
    expected: AddToCartDecision;
  }[] = [
    {
      name: 'grants every box requested when stock and the cap allow it',
      requested: 2,
      available: 300,
      expected: { kind: 'applied', boxes: 2, message: null },
    },
    {
      name: 'grants exactly the whole stock without a message',
      requested: 3,
      available: 300,
      expected: { kind: 'applied', boxes: 3, message: null },
    },
    {
      name: 'grants the boxes left in stock and says how many were left',
      requested: 5,
      available: 300,
      expected: { kind: 'applied', boxes: 3, message: 'Only 3 boxes were left' },
    },
    {
      name: 'uses the singular when one box was left',
      requested: 4,
      available: 100,
      expected: { kind: 'applied', boxes: 1, message: 'Only 1 box was left' },
    },
    {
      name: 'counts only whole boxes of a stock that does not divide evenly',
      requested: 3,
      available: 299,
      expected: { kind: 'applied', boxes: 2, message: 'Only 2 boxes were left' },
    },
    {
      name: 'ignores a remainder of one unit over a whole box',
      requested: 2,
      available: 101,
      expected: { kind: 'applied', boxes: 1, message: 'Only 1 box was left' },
    },
    {
      name: 'counts bunch stock with bunches per box',
      requested: 10,
      available: 45,
      perBox: 12,
      expected: { kind: 'applied', boxes: 3, message: 'Only 3 boxes were left' },
    },
    {
      name: 'stops at the 30-box cap of an empty cart',
      requested: 40,
      available: 10_000,
      expected: { kind: 'applied', boxes: 30, message: boxLimit },
    },
    {
      name: 'fills up to the 30-box cap counting the boxes already in the cart',
      requested: 10,
      available: 10_000,
      inCart: 25,
      expected: { kind: 'applied', boxes: 5, message: boxLimit },
    },
    {
      name: 'says the stock limit when stock runs out before the cap',
      requested: 10,
      available: 400,
      inCart: 25,
      expected: { kind: 'applied', boxes: 4, message: 'Only 4 boxes were left' },
    },
    {
      name: 'grants the last box under the cap without a message',
      requested: 1,
      available: 10_000,
      inCart: 29,
      expected: { kind: 'applied', boxes: 1, message: null },
    },
    {
      name: 'rejects as sold out when no stock is left',
      requested: 1,
      available: 0,
      expected: { kind: 'rejected', code: 'sold_out', message: soldOut },
    },
    {
      name: 'rejects as sold out when less than one whole box is left',
      requested: 1,
      available: 99,
      expected: { kind: 'rejected', code: 'sold_out', message: soldOut },
    },
    {
      name: 'rejects as sold out when the stock figure is negative',
      requested: 1,
      available: -100,
      expected: { kind: 'rejected', code: 'sold_out', message: soldOut },
    },
    {
      name: 'rejects at the box limit when the cart already holds 30 boxes',
      requested: 1,
      available: 10_000,
      inCart: 30,
      expected: { kind: 'rejected', code: 'box_limit', message: boxLimit },
    },
    {
      name: 'rejects at the box limit when the cart somehow holds more than 30 boxes',
      requested: 1,
      available: 10_000,
      inCart: 31,
      expected: { kind: 'rejected', code: 'box_limit', message: boxLimit },
    },
    {
      name: 'reports the box limit before sold out when both apply',
      requested: 1,
      available: 0,
      inCart: 30,
      expected: { kind: 'rejected', code: 'box_limit', message: boxLimit },
    },
    {
      name: 'rejects a quantity of 0',
      requested: 0,
      available: 300,
      expected: { kind: 'rejected', code: 'invalid_quantity', message: invalidQuantity },
    },
    {
      name: 'rejects a negative quantity',
      requested: -3,
      available: 300,
      expected: { kind: 'rejected', code: 'invalid_quantity', message: invalidQuantity },
    },
    {
      name: 'rejects a fractional quantity instead of granting part of a box',
      requested: 1.5,
      available: 300,
      expected: { kind: 'rejected', code: 'invalid_quantity', message: invalidQuantity },
    },
    {
      name: 'rejects a quantity that is not a number',
      requested: Number.NaN,
      available: 300,
      expected: { kind: 'rejected', code: 'invalid_quantity', message: invalidQuantity },
    },
    {
      name: 'rejects an infinite quantity',
      requested: Number.POSITIVE_INFINITY,
      available: 300,
      expected: { kind: 'rejected', code: 'invalid_quantity', message: invalidQuantity },
    },
  ];

  for (const { name, requested, available, perBox = 100, inCart = 0, expected } of cases) {
    it(name, () => {
      expect(
        decideAddToCart({
          requestedBoxes: requested,
          availableUnits: available,
          unitsPerBox: perBox,
          boxesInCart: inCart,
        }),
      ).toEqual(expected);
    });
  }
});

describe('addBoxesToLine', () => {
  const later = NOW + 10 * 60 * 1000;

  function existingLine(overrides: Partial<CartLine> = {}): CartLine {
    return {
      ...addBoxesToLine({
        existing: undefined,
        offer,
        variety,
        grower,
        etaDate: 20261130,
        boxes: 2,
        nowMs: NOW,
      }),
      ...overrides,
    };
  }

  it('builds a new line from the offer, variety and grower', () => {
    const line = addBoxesToLine({
      existing: undefined,
      offer,
      variety,
      grower,
      etaDate: 20261201,
      boxes: 3,
      nowMs: NOW,
    });
    expect(line).toEqual({
      key: '7-20261201',
      inventory_key: 7,
      variety_key: 'v-freedom',
      variety_name: 'Freedom',
      color_code: '#b11226',
      grower_key: 'gr-andina',
      grower_name: 'Finca Andina',
      country_iso: 'EC',
      length: 60,
      eta_date: 20261201,
      boxes: 3,
      uom: 'stem',
      stems_per_bunch: 25,
      bunches_in_box: 4,
      price_at_add_cents: 160,
      stem_price_cents: 160,
      open_market: false,
      reserved_until: null,
      added_at: NOW,
      updated_at: NOW,
    });
  });

  it('adds boxes to an existing line and keeps its price_at_add and added_at', () => {
    const existing = existingLine({ price_at_add_cents: 145 });
    const repriced: Offer = { ...offer, stem_price_cents: 175 };
    const line = addBoxesToLine({
      existing,
      offer: repriced,
      variety,
      grower,
      etaDate: 20261130,
      boxes: 3,
      nowMs: later,
    });
    expect(line).toMatchObject({
      key: existing.key,
      boxes: 5,
      price_at_add_cents: 145,
      stem_price_cents: 175,
      added_at: NOW,
      updated_at: later,
    });
  });

  it('reserves a new open-market line for 30 minutes from now', () => {
    const line = addBoxesToLine({
      existing: undefined,
      offer: { ...offer, open_market: true },
      variety,
      grower,
      etaDate: 20261130,
      boxes: 1,
      nowMs: NOW,
    });
    expect(line.open_market).toBe(true);
    expect(line.reserved_until).toBe(NOW + THIRTY_MINUTES);
  });

  it.each([
    ['still running', NOW + THIRTY_MINUTES],
    ['already ended', NOW - 1],
  ])(
    'keeps an open-market line’s hold where it was when boxes are added (hold %s)',
    (_case, reservedUntil) => {
      const existing = existingLine({ open_market: true, reserved_until: reservedUntil });
      const line = addBoxesToLine({
        existing,
        offer: { ...offer, open_market: true },
        variety,
        grower,
        etaDate: 20261130,
        boxes: 1,
        nowMs: later,
      });
      expect(line.boxes).toBe(existing.boxes + 1);
      expect(line.reserved_until).toBe(reservedUntil);
    },
  );

  it('never reserves a regular line of a buyer whose lines are not all held', () => {
    const line = addBoxesToLine({
      existing: existingLine(),
      offer,
      variety,
      grower,
      etaDate: 20261130,
      boxes: 1,
      nowMs: later,
    });
    expect(line.reserved_until).toBeNull();
  });

  it('holds a regular line 30 minutes when every line is held, and an edit keeps the hold', () => {
    const args = { offer, variety, grower, etaDate: 20261130, boxes: 1, holdEveryLine: true };
    const created = addBoxesToLine({ ...args, existing: undefined, nowMs: NOW });
    expect(created.reserved_until).toBe(NOW + THIRTY_MINUTES);
    const grown = addBoxesToLine({ ...args, existing: created, nowMs: later });
    expect(grown).toMatchObject({ boxes: 2, reserved_until: NOW + THIRTY_MINUTES });
    // A line made before its buyer's lines were held gets its 30 minutes from the edit.
    const unheld = addBoxesToLine({ ...args, existing: existingLine(), nowMs: later });
    expect(unheld.reserved_until).toBe(later + THIRTY_MINUTES);
  });
});

describe('holdsEveryLine', () => {
  it.each([
    { guest: true, emailVerified: false, held: true },
    { guest: true, emailVerified: true, held: false },
    { guest: false, emailVerified: false, held: false },
    { guest: false, emailVerified: true, held: false },
  ])('guest $guest with a confirmed email $emailVerified: held $held', (buyer) => {
    expect(holdsEveryLine(buyer)).toBe(buyer.held);
  });

  it.each([
    { guest: true, emailVerified: true, emailOnlySession: true, held: true },
    { guest: true, emailVerified: false, emailOnlySession: true, held: true },
    { guest: true, emailVerified: true, emailOnlySession: false, held: false },
    { guest: true, emailVerified: false, emailOnlySession: false, held: true },
  ])(
    'an email-only session $emailOnlySession for a guest confirmed $emailVerified: held $held',
    (buyer) => {
      expect(holdsEveryLine(buyer)).toBe(buyer.held);
    },
  );
});

describe('unitsForBoxes', () => {
  const cases = [
    { uom: 'stem', boxes: 3, expected: 300 },
    { uom: 'bouquet', boxes: 2, expected: 200 },
    { uom: 'bunch', boxes: 3, expected: 12 },
    { uom: 'stem', boxes: 0, expected: 0 },
  ] as const;
  for (const { uom, boxes, expected } of cases) {
    it(`takes ${expected} units for ${boxes} boxes sold by the ${uom} (25 stems × 4 bunches)`, () => {
      expect(unitsForBoxes({ uom, stems_per_bunch: 25, bunches_in_box: 4 }, boxes)).toBe(expected);
    });
  }
});

describe('boxesOfOption', () => {
  const line = (inventory_key: number, eta_date: number, boxes: number) => ({
    inventory_key,
    eta_date,
    boxes,
  });

  it('sums the boxes of one row and date over every delivery address', () => {
    const lines = [line(7, 20261130, 20), line(7, 20261130, 5), line(7, 20261201, 9)];
    expect(boxesOfOption([...lines, line(8, 20261130, 4)], 7, 20261130)).toBe(25);
  });

  it('is 0 for a row the cart does not hold', () => {
    expect(boxesOfOption([line(7, 20261130, 20)], 8, 20261130)).toBe(0);
  });
});

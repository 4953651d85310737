import { describe, expect, it } from 'vitest';
import {
  addToCartArgsSchema,
  cartLineKey,
  groupCartLines,
  parseQuantity,
  type CartLine,
} from './cart';

describe('parseQuantity', () => {
  const show = (value: unknown) =>
    typeof value === 'number' || value === undefined ? String(value) : JSON.stringify(value);
  const cases: { value: unknown; expected: number }[] = [
    { value: '3', expected: 3 },
    { value: '3.9', expected: 3 },
    { value: '', expected: 0 },
    { value: 'abc', expected: 0 },
    { value: null, expected: 0 },
    { value: undefined, expected: 0 },
    { value: 7, expected: 7 },
    { value: 7.9, expected: 7 },
    { value: '-2', expected: -2 },
    { value: ' 4 ', expected: 4 },
    { value: '12 boxes', expected: 12 },
    { value: 5e-7, expected: 0 },
    { value: Number.NaN, expected: 0 },
    { value: Number.POSITIVE_INFINITY, expected: 0 },
    { value: true, expected: 0 },
    { value: {}, expected: 0 },
  ];
  for (const { value, expected } of cases) {
    it(`reads ${show(value)} as ${expected}`, () => {
      expect(parseQuantity(value)).toBe(expected);
    });
  }
});

describe('addToCartArgsSchema', () => {
  const minimal = {
    variety: 'v-freedom',
    grower: 'gr-andina',
    length: 60,
    eta_date: 20261130,
    quantity: 2,
  };

  it('accepts the spec add payload', () => {
    const specPayload = {
      customer: 'cust-1',
      user: 'user-1',
      address: 'addr-1',
      length: 60,
      variety: 'v-freedom',
      box_only: false,
      quantity: 2,
      grower: 'gr-andina',
      campaign_recipient: null,
      eta_date: 20261130,
    };
    expect(addToCartArgsSchema.parse(specPayload)).toEqual(specPayload);
  });

  it('reads form text for quantity, length and eta_date as numbers', () => {
    expect(
      addToCartArgsSchema.parse({ ...minimal, quantity: '3', length: '60', eta_date: '20261130' }),
    ).toMatchObject({ quantity: 3, length: 60, eta_date: 20261130 });
  });

  it('accepts the inventory_key that names the exact price row', () => {
    expect(addToCartArgsSchema.parse({ ...minimal, inventory_key: 7 }).inventory_key).toBe(7);
  });

  it('defaults a missing quantity to 0, which the add-to-cart rule then rejects', () => {
    const { quantity: _quantity, ...withoutQuantity } = minimal;
    expect(addToCartArgsSchema.parse(withoutQuantity).quantity).toBe(0);
  });

  it('accepts names of 64 characters', () => {
    const long = 'x'.repeat(64);
    expect(addToCartArgsSchema.safeParse({ ...minimal, variety: long, grower: long }).success).toBe(
      true,
    );
  });

  const { variety: _variety, ...noVariety } = minimal;
  const { grower: _grower, ...noGrower } = minimal;
  const { eta_date: _etaDate, ...noEtaDate } = minimal;
  const { length: _length, ...noLength } = minimal;

  const hostile: { name: string; body: unknown }[] = [
    { name: 'a missing variety', body: noVariety },
    { name: 'a missing grower', body: noGrower },
    { name: 'a missing eta_date', body: noEtaDate },
    { name: 'a missing length', body: noLength },
    { name: 'an empty variety', body: { ...minimal, variety: '' } },
    { name: 'a variety of 65 characters', body: { ...minimal, variety: 'x'.repeat(65) } },
    { name: 'a grower of 65 characters', body: { ...minimal, grower: 'x'.repeat(65) } },
    { name: 'a very long grower', body: { ...minimal, grower: 'x'.repeat(100_000) } },
    { name: 'a customer of 65 characters', body: { ...minimal, customer: 'x'.repeat(65) } },
    { name: 'a user of 65 characters', body: { ...minimal, user: 'x'.repeat(65) } },
    { name: 'an address of 65 characters', body: { ...minimal, address: 'x'.repeat(65) } },
    {
      name: 'a campaign recipient of 65 characters',
      body: { ...minimal, campaign_recipient: 'x'.repeat(65) },
    },
    { name: 'a variety that is not a string', body: { ...minimal, variety: 42 } },
    { name: 'eta_date as words', body: { ...minimal, eta_date: 'tomorrow' } },
    { name: 'eta_date of February 30', body: { ...minimal, eta_date: 20260230 } },
    { name: 'eta_date of month 13', body: { ...minimal, eta_date: 20261301 } },
    { name: 'eta_date as an ISO date', body: { ...minimal, eta_date: '2026-11-30' } },
    { name: 'eta_date before 2000', body: { ...minimal, eta_date: 19991231 } },
    { name: 'eta_date after 2999', body: { ...minimal, eta_date: 30000101 } },
    { name: 'a fractional eta_date', body: { ...minimal, eta_date: 20261130.5 } },
    { name: 'a quantity object', body: { ...minimal, quantity: { valueOf: 3 } } },
    { name: 'a quantity array', body: { ...minimal, quantity: ['5'] } },
    { name: 'a quantity beyond safe integers', body: { ...minimal, quantity: 1e21 } },
    { name: 'eta_date padded with spaces', body: { ...minimal, eta_date: ' 20261130' } },
    { name: 'an empty eta_date', body: { ...minimal, eta_date: '' } },
    { name: 'a null eta_date', body: { ...minimal, eta_date: null } },
    { name: 'a negative length', body: { ...minimal, length: -1 } },
    { name: 'an empty length', body: { ...minimal, length: '' } },
    { name: 'a null length', body: { ...minimal, length: null } },
    { name: 'a true length', body: { ...minimal, length: true } },
    { name: 'a length padded with spaces', body: { ...minimal, length: ' 60' } },
    { name: 'a length in exponent notation', body: { ...minimal, length: '6e1' } },
    { name: 'a length in hexadecimal', body: { ...minimal, length: '0x3c' } },
    { name: 'a fractional length', body: { ...minimal, length: 60.5 } },
    { name: 'a length as words', body: { ...minimal, length: 'long' } },
    { name: 'an inventory_key of 0', body: { ...minimal, inventory_key: 0 } },
    { name: 'an inventory_key as text', body: { ...minimal, inventory_key: '7' } },
    { name: 'box_only as text', body: { ...minimal, box_only: 'yes' } },
    { name: 'an address that is not a string', body: { ...minimal, address: 123 } },
    { name: 'a null body', body: null },
    { name: 'an array body', body: [minimal] },
  ];
  for (const { name, body } of hostile) {
    it(`rejects ${name}`, () => {
      expect(addToCartArgsSchema.safeParse(body).success).toBe(false);
    });
  }
});

describe('groupCartLines', () => {
  function line(
    inventoryKey: number,
    etaDate: number,
    addedAt: number,
    updatedAt = addedAt,
  ): CartLine {
    return {
      key: cartLineKey(inventoryKey, etaDate),
      inventory_key: inventoryKey,
      variety_key: 'v-freedom',
      variety_name: 'Freedom',
      color_code: '#b11226',
      grower_key: 'gr-andina',
      grower_name: 'Finca Andina',
      country_iso: 'EC',
      length: 60,
      eta_date: etaDate,
      boxes: 1,
      uom: 'stem',
      stems_per_bunch: 25,
      bunches_in_box: 4,
      price_at_add_cents: 160,
      stem_price_cents: 160,
      open_market: false,
      reserved_until: null,
      added_at: addedAt,
      updated_at: updatedAt,
    };
  }
  const keysByDate = (lines: CartLine[]) =>
    groupCartLines(lines).map((group) => [group.eta_date, group.items.map((item) => item.key)]);

  it('gives no groups for an empty cart', () => {
    expect(groupCartLines([])).toEqual([]);
  });

  it('groups lines by eta_date, earliest date first, lines in the order they were added', () => {
    const lines = [
      line(1, 20261202, 3),
      line(2, 20261130, 2),
      line(3, 20261202, 1),
      line(4, 20261130, 4),
    ];
    expect(keysByDate(lines)).toEqual([
      [20261130, ['2-20261130', '4-20261130']],
      [20261202, ['3-20261202', '1-20261202']],
    ]);
  });

  it('keeps a line in its first-add place when boxes are added to it later', () => {
    const lines = [line(2, 20261130, 2, 2), line(1, 20261130, 1, 50)];
    expect(keysByDate(lines)).toEqual([[20261130, ['1-20261130', '2-20261130']]]);
  });

  it('keeps the given order of lines added at the same moment', () => {
    const lines = [line(9, 20261130, 5), line(3, 20261130, 5)];
    expect(keysByDate(lines)).toEqual([[20261130, ['9-20261130', '3-20261130']]]);
  });

  it('leaves the lines it was given in their order', () => {
    const lines = [line(1, 20261202, 3), line(2, 20261130, 2)];
    groupCartLines(lines);
    expect(lines.map((item) => item.key)).toEqual(['1-20261202', '2-20261130']);
  });
});

import { describe, expect, it } from 'vitest';
import { claimMessages } from '../messages';
import type { Claim } from '../schemas/claims';
import type { Order } from '../schemas/orders';
import {
  checkClaimFiles,
  checkClaimLines,
  claimableLines,
  claimOpenUntil,
  collectClaimErrors,
  isDuplicateClaimError,
  CLAIM_WINDOW_MS,
} from './claims';
import { orderLine as line, testOrder } from './order-fixture';

const HOUR = 3600_000;
/** Rows of this order arrive Wednesday 18 November 2026 at 10:00 New York (15:00 UTC). */
const ARRIVAL = Date.parse('2026-11-18T15:00:00Z');

const order: Order = testOrder({
  lines: [
    line(),
    line({ line_no: 2, variety_name: 'Explorer', eta_date: 20261125 }),
    line({ line_no: 3, variety_name: 'Mondial', status: 'cancelled', cancelled_at: 1 }),
    line({ line_no: 4, variety_name: 'Tinted', uom: 'bunch', boxes: 1 }),
  ],
});

function claim(change: Partial<Claim> = {}): Claim {
  return {
    key: 'claim-other-1',
    number: 'CL-1',
    order_key: 'o-1',
    po: 'PO-1',
    status: 'submitted',
    reason: 'Broken stems',
    comment: '',
    items: [],
    files: [],
    folder_key: 'f',
    total_claim_cents: 0,
    created_at: 0,
    submitted_at: 0,
    reviewed_at: null,
    decided_at: null,
    credit_amount_cents: null,
    decline_reason: null,
    ...change,
  };
}

const heldLine1 = claim({
  items: [
    {
      line_no: 1,
      arrival_date: 20261118,
      arrived_at: ARRIVAL,
      grower: 'Andina',
      uom: 'stem',
      units_delivered: 200,
      units_to_be_claimed: 10,
      product_group: 'Roses',
      variety_grade: 'Freedom',
      length: 60,
      unit_price_cents: 150,
      total_claim_cents: 1500,
      process: 'SUCCESS',
      error: null,
    },
  ],
});

describe('checkClaimLines', () => {
  const inWindow = ARRIVAL + 47 * HOUR;
  it.each([
    ['an arrived line, some units', [{ line_no: 1, units: 10 }], [], inWindow, 'ok'],
    [
      'every unit delivered (2 boxes × 100 stems)',
      [{ line_no: 1, units: 200 }],
      [],
      inWindow,
      'ok',
    ],
    [
      'at the last millisecond of the window',
      [{ line_no: 1, units: 1 }],
      [],
      ARRIVAL + CLAIM_WINDOW_MS,
      'ok',
    ],
    [
      'one more unit than delivered',
      [{ line_no: 1, units: 201 }],
      [],
      inWindow,
      'invalid_quantity',
    ],
    [
      'a bunch line: 4 bunches delivered, 5 claimed',
      [{ line_no: 4, units: 5 }],
      [],
      inWindow,
      'invalid_quantity',
    ],
    ['zero units', [{ line_no: 1, units: 0 }], [], inWindow, 'invalid_quantity'],
    ['negative units', [{ line_no: 1, units: -3 }], [], inWindow, 'invalid_quantity'],
    ['fractional units', [{ line_no: 1, units: 1.5 }], [], inWindow, 'invalid_quantity'],
    ['NaN units', [{ line_no: 1, units: Number.NaN }], [], inWindow, 'invalid_quantity'],
    [
      'a millisecond past 48 h',
      [{ line_no: 1, units: 1 }],
      [],
      ARRIVAL + CLAIM_WINDOW_MS + 1,
      'conflict',
    ],
    ['before arrival', [{ line_no: 1, units: 1 }], [], ARRIVAL - 1, 'conflict'],
    ['a line arriving next week', [{ line_no: 2, units: 1 }], [], inWindow, 'conflict'],
    ['a cancelled line', [{ line_no: 3, units: 1 }], [], inWindow, 'conflict'],
    ['a line not on the order', [{ line_no: 99, units: 1 }], [], inWindow, 'not_found'],
    [
      'the same line twice',
      [
        { line_no: 1, units: 1 },
        { line_no: 1, units: 1 },
      ],
      [],
      inWindow,
      'invalid_args',
    ],
    ['no lines', [], [], inWindow, 'invalid_args'],
    [
      'a line another open claim holds',
      [{ line_no: 1, units: 1 }],
      [heldLine1],
      inWindow,
      'conflict',
    ],
    [
      'a line whose claim was declined',
      [{ line_no: 1, units: 1 }],
      [claim({ ...heldLine1, status: 'declined' })],
      inWindow,
      'ok',
    ],
  ] as const)('%s → %s', (_name, lines, claims, now, expected) => {
    const check = checkClaimLines(order, lines, claims, now, 'claim-mine-01');
    expect(check.ok ? 'ok' : check.code).toBe(expected);
  });

  it('lets a claim change its own lines', () => {
    const mine = { ...heldLine1, key: 'claim-mine-01' };
    expect(
      checkClaimLines(order, [{ line_no: 1, units: 5 }], [mine], ARRIVAL + HOUR, 'claim-mine-01'),
    ).toEqual({ ok: true });
  });

  it('answers a second claim on a line with the spec’s duplicate-claim words', () => {
    const check = checkClaimLines(
      order,
      [{ line_no: 1, units: 1 }],
      [heldLine1],
      ARRIVAL + HOUR,
      null,
    );
    expect(check).toMatchObject({ ok: false, message: claimMessages.duplicateClaim('Freedom') });
    expect(isDuplicateClaimError(check.ok ? null : check.message)).toBe(true);
  });

  it('names the limit in units delivered', () => {
    const check = checkClaimLines(order, [{ line_no: 1, units: 500 }], [], ARRIVAL + HOUR, null);
    expect(check).toMatchObject({ message: claimMessages.tooManyUnits('Freedom', 200, 'stem') });
  });
});

describe('checkClaimFiles', () => {
  const photos = (n: number) => Array.from({ length: n }, () => ({ kind: 'image' as const }));
  it.each([
    ['4 photos', photos(4), true],
    ['3 photos', photos(3), false],
    ['no files', [], false],
    ['1 video', [{ kind: 'video' as const }], true],
    ['3 photos and a video', [...photos(3), { kind: 'video' as const }], true],
    ['21 photos', photos(21), false],
  ])('%s → %s', (_name, files, ok) => {
    expect(checkClaimFiles(files).ok).toBe(ok);
  });
});

describe('claimableLines and claimOpenUntil', () => {
  it('offers arrived lines until 48 h after arrival, and says why the others wait', () => {
    const lines = claimableLines(order, [], ARRIVAL + HOUR);
    expect(lines.map((l) => [l.line_no, l.arrival, l.claimable])).toEqual([
      [1, 'ARRIVED', true],
      [2, 'NOT_ARRIVED', false],
      [3, 'NOT_ARRIVED', false],
      [4, 'ARRIVED', true],
    ]);
    expect(lines[0]?.deadline).toBe(ARRIVAL + CLAIM_WINDOW_MS);
    expect(lines[1]?.reason).toBe(claimMessages.notArrived('Explorer'));
    expect(claimOpenUntil(order, [], ARRIVAL + HOUR)).toBe(ARRIVAL + CLAIM_WINDOW_MS);
    expect(claimOpenUntil(order, [], ARRIVAL + CLAIM_WINDOW_MS + 1)).toBeNull();
  });

  it('numbers custom-box bunch lines after the order lines and claims them by the same rules', () => {
    const item = {
      inventory_key: 9,
      variety_key: 'v-hydrangea',
      variety_name: 'Hydrangea',
      color_code: 'white',
      length: 50,
      uom: 'stem' as const,
      stems_per_bunch: 10,
      bunches: 3,
      stem_price_cents: 200,
      cart_price_cents: 200,
      price_changed: false,
    };
    const box = {
      box_key: 'cb-arrived',
      grower_key: 'gr-1',
      grower_name: 'Andina',
      country_iso: 'EC' as const,
      eta_date: 20261118,
      fill_percent: 60,
      items: [item, { ...item, inventory_key: 10, variety_name: 'Tinted', uom: 'bunch' as const }],
      total_cents: 0,
      status: 'placed' as const,
      cancelled_at: null,
    };
    const withBoxes: Order = {
      ...order,
      custom_boxes: [box, { ...box, box_key: 'cb-later', eta_date: 20261125 }],
    };
    const lines = claimableLines(withBoxes, [], ARRIVAL + HOUR).slice(4);
    expect(lines.map((l) => [l.line_no, l.box_key, l.units_delivered, l.claimable])).toEqual([
      [5, 'cb-arrived', 30, true],
      [6, 'cb-arrived', 3, true],
      [7, 'cb-later', 30, false],
      [8, 'cb-later', 3, false],
    ]);
    const at = ARRIVAL + HOUR;
    expect(checkClaimLines(withBoxes, [{ line_no: 5, units: 30 }], [], at, null).ok).toBe(true);
    expect(checkClaimLines(withBoxes, [{ line_no: 5, units: 31 }], [], at, null)).toMatchObject({
      ok: false,
      code: 'invalid_quantity',
      line_no: 5,
    });
    expect(checkClaimLines(withBoxes, [{ line_no: 7, units: 1 }], [], at, null)).toMatchObject({
      ok: false,
      message: claimMessages.notArrived('Hydrangea'),
    });
    const held = claim({
      items: [{ ...(heldLine1.items[0] as Claim['items'][number]), line_no: 6 }],
    });
    expect(checkClaimLines(withBoxes, [{ line_no: 6, units: 1 }], [held], at, null)).toMatchObject({
      ok: false,
      message: claimMessages.duplicateClaim('Tinted'),
    });
    expect(checkClaimLines(withBoxes, [{ line_no: 9, units: 1 }], [], at, null)).toMatchObject({
      ok: false,
      code: 'not_found',
    });
  });
});

describe('collectClaimErrors (spec §8)', () => {
  it('collects errors containing “existing claim” as duplicates, other failures apart', () => {
    expect(
      collectClaimErrors([
        { process: 'FAILED', error: 'There is an Existing Claim for Freedom' },
        { process: 'FAILED', error: 'Freedom has not arrived yet' },
        { process: 'SUCCESS', error: null },
      ]),
    ).toEqual({
      duplicates: ['There is an Existing Claim for Freedom'],
      failures: ['Freedom has not arrived yet'],
    });
  });
});

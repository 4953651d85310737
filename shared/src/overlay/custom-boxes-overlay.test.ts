import { describe, expect, it } from 'vitest';
import type { CustomBox, CustomBoxItem } from '../schemas/custom-box';
import { fillPercent } from './custom-boxes-overlay';
import type { OverlayEntry } from './queued-mutation';
import { overlayCustomBoxes } from './visible-collections';

const item = (inventory: number, bunches: number, percent = 10): CustomBoxItem => ({
  inventory_key: inventory,
  variety_key: `v-${inventory}`,
  variety_name: `Variety ${inventory}`,
  color_code: '#ffffff',
  length: 50,
  uom: 'stem',
  stems_per_bunch: 10,
  bunches,
  percent_per_bunch: percent,
  stem_price_cents: 50,
});

const serverBox: CustomBox = {
  key: 'cb-server-1',
  grower_key: 'gr-1',
  grower_name: 'Finca Uno',
  country_iso: 'EC',
  eta_date: 20261130,
  items: [item(1, 2), item(2, 1)],
  fill_percent: 30,
  closed: false,
  number_boxes: 1,
  campaign_recipient: null,
  added_at: 1,
  updated_at: 1,
};

const entry = (
  name: string,
  args: Record<string, unknown>,
  preview?: Record<string, unknown>,
): OverlayEntry => ({
  id: `${name}-1`,
  name,
  args,
  createdAt: 5,
  status: 'pending',
  preview,
});

describe('overlayCustomBoxes', () => {
  it('shows a new box queued offline with its fill', () => {
    const [box] = overlayCustomBoxes(
      [],
      [
        entry(
          'upsert_custom_box',
          {
            key: 'cb-new-box-1',
            grower: 'gr-1',
            eta_date: 20261130,
            items: [{ inventory: 3, quantity: 4 }],
          },
          { grower_name: 'Finca Uno', country_iso: 'EC', items: [item(3, 4, 12.5)] },
        ),
      ],
      0,
    );
    expect(box).toMatchObject({
      key: 'cb-new-box-1',
      fill_percent: 50,
      pending: true,
      items: [{ bunches: 4 }],
    });
  });

  it('takes a row out, closes, and deletes as queued', () => {
    const [taken] = overlayCustomBoxes(
      [serverBox],
      [entry('remove_from_box', { key: serverBox.key, inventory: 1 })],
      0,
    );
    expect(taken).toMatchObject({ fill_percent: 10, items: [{ inventory_key: 2 }] });
    const [closed] = overlayCustomBoxes(
      [serverBox],
      [entry('close_box', { key: serverBox.key })],
      0,
    );
    expect(closed?.closed).toBe(true);
    expect(
      overlayCustomBoxes([serverBox], [entry('delete_boxes', { keys: [serverBox.key] })], 0),
    ).toEqual([]);
  });

  it('drops an applied change once the checkpoint has reached it', () => {
    const applied = {
      ...entry('close_box', { key: serverBox.key }),
      status: 'applied' as const,
      appliedSeq: 9,
    };
    expect(overlayCustomBoxes([serverBox], [applied], 8)[0]?.closed).toBe(true);
    expect(overlayCustomBoxes([serverBox], [applied], 9)[0]?.closed).toBe(false);
  });
});

describe('overlayCustomBoxes: the number of boxes', () => {
  const upsert = (args: Record<string, unknown>, preview?: Record<string, unknown>) =>
    entry(
      'upsert_custom_box',
      { key: serverBox.key, grower: 'gr-1', eta_date: 20261130, ...args },
      preview,
    );
  const preview = { grower_name: 'Finca Uno', country_iso: 'EC', items: serverBox.items };
  const contentOf = serverBox.items.map((i) => ({
    inventory: i.inventory_key,
    quantity: i.bunches,
  }));

  it('shows a queued count at once, pending, the content unchanged', () => {
    const [box] = overlayCustomBoxes(
      [serverBox],
      [upsert({ items: contentOf, number_boxes: 5 }, preview)],
      0,
    );
    expect(box).toMatchObject({ number_boxes: 5, pending: true, fill_percent: 30 });
    expect(box?.items).toEqual(serverBox.items);
  });

  it('shows a count queued without a preview from the box it changes', () => {
    const [box] = overlayCustomBoxes(
      [serverBox],
      [upsert({ items: contentOf, number_boxes: 3 })],
      0,
    );
    expect(box).toMatchObject({ number_boxes: 3, pending: true, items: serverBox.items });
  });

  it('keeps the box’s count when a change names none, and when a row is taken out', () => {
    const five = { ...serverBox, number_boxes: 5 };
    const [refilled] = overlayCustomBoxes(
      [five],
      [upsert({ items: [{ inventory: 1, quantity: 3 }] }, preview)],
      0,
    );
    expect(refilled).toMatchObject({ number_boxes: 5, items: [{ bunches: 3 }] });
    const [taken] = overlayCustomBoxes(
      [five],
      [entry('remove_from_box', { key: five.key, inventory: 1 })],
      0,
    );
    expect(taken?.number_boxes).toBe(5);
  });
});

describe('fillPercent', () => {
  it('adds each row’s bunch share and rounds to cents', () => {
    expect(fillPercent([{ bunches: 3, percent_per_bunch: 100 / 12 }])).toBe(25);
    expect(fillPercent([])).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimMessages,
  type ClaimableLine,
  type InDollars,
  type OrderCustomBox,
} from '@stemline/shared';
import { ARRIVED_ORDER, claimCalls } from '../test-support/claim-fixture';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

const CUSTOMER = 'c-bennett';
const unitsPerBunch = (item: OrderCustomBox['items'][number]): number =>
  item.uom === 'bunch' ? 1 : item.stems_per_bunch;
/** A copy of the seed's arrived order whose custom box was ordered five times. */
const FIVE_BOX_ORDER = 'o-box-five';

/**
 * Claims on a custom box ordered several times (`number_boxes`): each bunch line delivered its
 * bunches in every box, so a claim may name up to that many units and not one more.
 */
describe('claims on a custom box ordered five times', { timeout: 60_000 }, () => {
  let t: TestServer;
  let florist = '';
  let calls: ReturnType<typeof claimCalls>;
  let box: OrderCustomBox;
  let lines: InDollars<ClaimableLine>[] = [];
  let serial = 0;

  async function file(line: InDollars<ClaimableLine>, units: number) {
    const key = `box-five-claim-${(serial += 1)}-abc`;
    const folder = await calls.folderWithPhotos(florist, key, 4);
    return calls.run(florist, 'claim_finish', {
      claim_key: key,
      order_key: FIVE_BOX_ORDER,
      folder_key: folder,
      lines: [{ line_no: line.line_no, units }],
      reason: 'Broken stems',
      comment: 'Bunches crushed in every box',
    });
  }

  beforeAll(async () => {
    t = await startTestServer();
    calls = claimCalls(t);
    florist = await t.login(accounts.florist);
    const { orders } = t.server.context.repos;
    const arrived = await orders.get(CUSTOMER, ARRIVED_ORDER);
    const [seeded] = arrived?.custom_boxes ?? [];
    if (!arrived || !seeded) throw new Error('the seed lacks the arrived custom box');
    box = { ...seeded, box_key: 'cb-five', number_boxes: 5 };
    await orders.insert(
      CUSTOMER,
      { ...arrived, key: FIVE_BOX_ORDER, number: 'PO-BOX-FIVE', custom_boxes: [box] },
      0,
    );
    lines = (
      (await calls.run(florist, 'claim_setup', { order_key: FIVE_BOX_ORDER })).body as {
        result: { lines: InDollars<ClaimableLine>[] };
      }
    ).result.lines.filter((line) => line.box_key === 'cb-five');
  });
  afterAll(async () => {
    await t.stop();
  });

  it('claim_setup counts each bunch line’s units in all five boxes', () => {
    expect(lines).toHaveLength(box.items.length);
    lines.forEach((line, index) => {
      const item = box.items[index];
      if (!item) throw new Error('no item');
      expect(line.units_delivered).toBe(5 * item.bunches * unitsPerBunch(item));
      expect(line.claimable).toBe(true);
    });
  });

  it('refuses one unit more than the five boxes delivered, and files all of them', async () => {
    const [line] = lines;
    const [item] = box.items;
    if (!line || !item) throw new Error('no line');
    const delivered = 5 * item.bunches * unitsPerBunch(item);
    const over = await file(line, delivered + 1);
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body)).toContain(
      claimMessages.tooManyUnits(line.variety_name, delivered, line.uom),
    );
    const all = await file(line, delivered);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
  });
});

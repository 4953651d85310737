import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { guestMessages } from '@stemline/shared';
import { hasAccountDb, removeAccountDb } from '../storage/account-db';
import type { MutationDoc } from '../storage/account-schemas';
import { emailOnlyKey } from './mailbox-proof';
import { openAccountCopy } from './open-account-copy';

const CUSTOMER = 'c-proven';

afterEach(async () => {
  await removeAccountDb(emailOnlyKey(CUSTOMER));
  await removeAccountDb(CUSTOMER);
});

const entry = (id: string, createdAt: number, rest: Partial<MutationDoc>): MutationDoc => ({
  id,
  clientId: 'device-1',
  name: 'add_to_cart',
  args: { inventory_key: createdAt },
  createdAt,
  status: 'pending',
  ...rest,
});

/**
 * A guest's email-only session keeps its own copy of the account (mailbox-proof.ts); once the
 * mailbox is proven, the account's own copy opens in its place.
 */
describe('openAccountCopy, once the mailbox is proven', () => {
  it('carries the outbox over: pending changes, unread answers, and those refused for the proof alone', async () => {
    const emailOnly = await openAccountCopy(CUSTOMER, emailOnlyKey(CUSTOMER));
    await emailOnly.mutations.bulkInsert([
      entry('m-queued', 1, {}),
      entry('m-unproven', 2, {
        status: 'rejected',
        appliedSeq: 5,
        code: 'email_unverified',
        message: guestMessages.confirmEmailFirst,
      }),
      entry('m-sold-out', 3, {
        status: 'rejected',
        appliedSeq: 6,
        code: 'sold_out',
        message: 'Sold out.',
      }),
      entry('m-trimmed', 4, { status: 'applied', appliedSeq: 7, message: 'Only 2 boxes left.' }),
      entry('m-done', 5, { status: 'applied', appliedSeq: 8 }),
    ]);

    const proven = await openAccountCopy(CUSTOMER, CUSTOMER);
    const outbox = (await proven.mutations.find({ sort: [{ createdAt: 'asc' }] }).exec()).map(
      (doc) => [doc.id, doc.status, doc.code ?? null, doc.message ?? null],
    );
    expect(outbox).toEqual([
      ['m-queued', 'pending', null, null],
      // Refused only because the mailbox was not proven: it is now, so it goes again.
      ['m-unproven', 'pending', null, null],
      ['m-sold-out', 'rejected', 'sold_out', 'Sold out.'],
      ['m-trimmed', 'applied', null, 'Only 2 boxes left.'],
    ]);
    expect(await hasAccountDb(emailOnlyKey(CUSTOMER))).toBe(false);
    expect(openAccountCopy(CUSTOMER, CUSTOMER)).toBe(openAccountCopy(CUSTOMER, CUSTOMER));
  });
});

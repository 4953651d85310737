import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimMessages, refusalMessages, stemlineMessages } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { mutationCollection } from '../../storage/account-schemas';
import { memoryStorage } from '../../storage/memory-storage';
import { memoryAccountDb } from '../../sync/memory-account-db';
import { unwrittenMutations } from '../../sync/outbox';
import { enqueueOrTell } from './enqueue-or-tell';

const shown: { title: string; description?: string; variant: string }[] = [];
vi.mock('../../ui', () => ({
  showToast: (toast: { title: string; description?: string; variant: string }) => {
    shown.push(toast);
    return toast.title;
  },
}));

let db: AccountDb;

beforeEach(async () => {
  shown.length = 0;
  vi.stubGlobal('localStorage', memoryStorage());
  db = await memoryAccountDb({ mutations: mutationCollection });
});

afterEach(async () => {
  vi.restoreAllMocks();
  if (!db.closed) await db.close();
  vi.unstubAllGlobals();
});

const pause = { key: 'so-friday-roses', status: 'paused' } as const;

describe('enqueueOrTell', () => {
  it('queues the change and tells nothing when the device stores it', async () => {
    const id = await enqueueOrTell(db, 'set_standing_order_status', pause);

    expect(id).not.toBeNull();
    expect((await db.mutations.findOne(id ?? '').exec())?.args).toEqual(pause);
    expect(shown).toEqual([]);
  });

  it('says the device is full when the outbox write hits the quota, and queues nothing', async () => {
    vi.spyOn(db.mutations, 'insert').mockRejectedValue(
      new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
    );

    expect(await enqueueOrTell(db, 'set_standing_order_status', pause)).toBeNull();

    expect(shown).toEqual([
      {
        title: refusalMessages.standingOrderNotSaved,
        description: stemlineMessages.storageFull,
        variant: 'error',
      },
    ]);
    expect(unwrittenMutations(db)).toEqual([]);
    vi.restoreAllMocks();
    expect(await db.mutations.count().exec()).toBe(0);
  });

  it('says the change was not kept when the account database closed under it', async () => {
    await db.close();

    expect(await enqueueOrTell(db, 'dismiss_notices', { keys: ['notice-1'] })).toBeNull();

    expect(shown).toEqual([
      {
        title: refusalMessages.noticeNotDismissed,
        description: claimMessages.changeNotSaved,
        variant: 'error',
      },
    ]);
    expect(unwrittenMutations(db)).toEqual([]);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { AccountDb } from '../storage/account-db';
import { mutationCollection } from '../storage/account-schemas';
import { memoryAccountDb } from './memory-account-db';
import { enqueueMutation, unwrittenMutations } from './outbox';
import { memoryStorage } from '../storage/memory-storage';

let db: AccountDb;

beforeEach(async () => {
  // The device id lives in localStorage, which node lacks.
  vi.stubGlobal('localStorage', memoryStorage());
  db = await memoryAccountDb({ mutations: mutationCollection });
});

afterEach(async () => {
  await db.close();
  vi.unstubAllGlobals();
});

describe('enqueueMutation', () => {
  it('stores a pending intent whose args pass its shared schema', async () => {
    const id = await enqueueMutation(db, 'delete_boxes', { keys: ['l-1'] });
    const stored = await db.mutations.findOne(id).exec();
    expect(stored?.toJSON()).toMatchObject({
      id,
      name: 'delete_boxes',
      args: { keys: ['l-1'] },
      status: 'pending',
    });
  });

  it.each([
    ['delete_boxes', { keys: [] }],
    ['add_favorite', { variety_key: '' }],
    ['dismiss_notices', { keys: 'n-1' }],
  ] as const)(
    'refuses %s with args its schema refuses, storing and showing nothing',
    async (name, args) => {
      // The casts stand for a caller the compiler could not check (args read from a form or URL).
      await expect(
        enqueueMutation(db, name as 'delete_boxes', args as unknown as { keys: string[] }),
      ).rejects.toBeInstanceOf(z.ZodError);
      expect(await db.mutations.count().exec()).toBe(0);
      expect(unwrittenMutations(db)).toEqual([]);
    },
  );

  it('is typed by the mutation: wrong args and a missing preview do not compile', () => {
    const miscalls = () => {
      // @ts-expect-error delete_boxes takes keys, not changes
      void enqueueMutation(db, 'delete_boxes', { changes: [] });
      // @ts-expect-error add_to_cart needs the preview its overlay draws from
      void enqueueMutation(db, 'add_to_cart', {
        variety: 'v-1',
        grower: 'gr-1',
        length: 60,
        eta_date: 20261130,
        quantity: 1,
      });
    };
    expect(miscalls).toBeTypeOf('function');
  });
});

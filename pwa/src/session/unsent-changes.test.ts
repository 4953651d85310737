import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushAnswer } from '@stemline/shared';
import type { ApiResult } from '../api/client';
import type { AccountDb } from '../storage/account-db';
import { mutationCollection } from '../storage/account-schemas';
import { memoryStorage } from '../storage/memory-storage';
import { allApplied, memoryAccountDb } from '../sync/memory-account-db';
import { enqueueMutation } from '../sync/outbox';
import { countUnsent, sendUnsent } from './unsent-changes';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../api/client', () => api);

const OFFLINE: ApiResult<PushAnswer> = {
  success: false,
  status: 0,
  error: 'Network unavailable',
  data: null,
  offline: true,
};

let db: AccountDb;

beforeEach(async () => {
  vi.stubGlobal('localStorage', memoryStorage());
  db = await memoryAccountDb({ mutations: mutationCollection });
});

afterEach(async () => {
  vi.useRealTimers();
  await db.close();
  api.apiRequest.mockReset();
  vi.unstubAllGlobals();
});

const queue = (key: string) => enqueueMutation(db, 'delete_boxes', { keys: [key] });

/** Answers every push as the server does when it applies each mutation. */
function serverApplies(): void {
  api.apiRequest.mockImplementation(
    async (
      _path: string,
      request: { body: { mutations: { id: string }[] } },
    ): Promise<ApiResult<PushAnswer>> => ({
      success: true,
      status: 200,
      data: allApplied(request.body.mutations, 1),
    }),
  );
}

describe('countUnsent', () => {
  it('counts the pending intents, not those the server answered', async () => {
    await queue('l-1');
    await queue('l-2');
    const answered = await queue('l-3');
    const doc = await db.mutations.findOne(answered).exec();
    await doc?.incrementalPatch({ status: 'applied', appliedSeq: 4 });
    expect(await countUnsent(db)).toBe(2);
  });

  it('counts an intent whose outbox write is still under way', async () => {
    const writing = queue('l-1');
    expect(await countUnsent(db)).toBe(1);
    await writing;
    expect(await countUnsent(db)).toBe(1);
  });
});

describe('sendUnsent', () => {
  it('pushes the outbox and leaves nothing unsent once the server applied it', async () => {
    await queue('l-1');
    await queue('l-2');
    serverApplies();
    expect(await sendUnsent(db, 60_000)).toBe(0);
    expect(api.apiRequest).toHaveBeenCalledWith(
      '/api/sync/push',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('leaves the intents unsent when the network refuses the push', async () => {
    await queue('l-1');
    api.apiRequest.mockResolvedValue(OFFLINE);
    expect(await sendUnsent(db, 60_000)).toBe(1);
  });

  it('gives up after its wait when the server does not answer, the intents still unsent', async () => {
    await queue('l-1');
    api.apiRequest.mockReturnValue(new Promise(() => undefined));
    vi.useFakeTimers();
    const sending = sendUnsent(db, 8_000);
    await vi.advanceTimersByTimeAsync(8_000);
    expect(await sending).toBe(1);
  });
});

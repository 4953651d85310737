import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountDb } from '../../storage/account-db';
import { mutationCollection } from '../../storage/account-schemas';
import { memoryAccountDb } from '../../sync/memory-account-db';
import { enqueueMutation } from '../../sync/outbox';
import { syncStatusStore } from '../../sync/sync-status';
import { showAnswerOnScreen, tellWhenAnswered, watchOutboxAnswer } from './outbox-answer';
import { memoryStorage } from '../../storage/memory-storage';

const shown: string[] = [];
const closed: string[] = [];
vi.mock('../../ui', () => ({
  showToast: ({ title }: { title: string }) => {
    shown.push(title);
    return title;
  },
  closeToast: (key: string) => closed.push(key),
}));

let db: AccountDb;

beforeEach(async () => {
  shown.length = 0;
  closed.length = 0;
  vi.stubGlobal('localStorage', memoryStorage());
  db = await memoryAccountDb({ mutations: mutationCollection });
});

afterEach(async () => {
  await db.close();
  vi.unstubAllGlobals();
  syncStatusStore.update({ reachable: true });
});

const told = {
  accepted: { title: 'Event saved', variant: 'success' as const },
  waiting: { title: 'Event saved on this device', variant: 'info' as const },
};

async function queued(): Promise<string> {
  return enqueueMutation(db, 'delete_event', { key: 'ev-1' });
}

async function answer(id: string, status: 'applied' | 'rejected'): Promise<void> {
  await (await db.mutations.findOne(id).exec())?.incrementalPatch({ status });
}

describe('tellWhenAnswered', () => {
  it('offline, says the change waits on this device, then that it is saved once accepted', async () => {
    syncStatusStore.update({ reachable: false });
    const id = await queued();
    tellWhenAnswered(db, id, told);
    await vi.waitFor(() => expect(shown).toEqual(['Event saved on this device']));

    await answer(id, 'applied');
    await vi.waitFor(() => expect(shown).toEqual(['Event saved on this device', 'Event saved']));
    expect(closed).toEqual(['Event saved on this device']);
  });

  it('online, says only that it is saved, once the server accepts it', async () => {
    const id = await queued();
    tellWhenAnswered(db, id, told);
    await answer(id, 'applied');
    await vi.waitFor(() => expect(shown).toEqual(['Event saved']));
  });

  it('online, tells the wait as soon as the server cannot be reached', async () => {
    const id = await queued();
    tellWhenAnswered(db, id, told);
    expect(shown).toEqual([]);
    syncStatusStore.update({ reachable: false });
    expect(shown).toEqual(['Event saved on this device']);
  });

  it('takes an entry applied and already pruned from the outbox as accepted', async () => {
    const id = await queued();
    tellWhenAnswered(db, id, told);
    await (await db.mutations.findOne(id).exec())?.remove();
    await vi.waitFor(() => expect(shown).toEqual(['Event saved']));
  });

  it('leaves a refusal to its screen: no confirmation, the waiting toast closed', async () => {
    syncStatusStore.update({ reachable: false });
    const id = await queued();
    tellWhenAnswered(db, id, told);
    await vi.waitFor(() => expect(shown).toEqual(['Event saved on this device']));
    await answer(id, 'rejected');
    await vi.waitFor(() => expect(closed).toEqual(['Event saved on this device']));
    syncStatusStore.update({ reachable: true });
    syncStatusStore.update({ reachable: false });
    expect(shown).toEqual(['Event saved on this device']);
  });

  it('says nothing while a screen shows the answer itself, and again once it is left', async () => {
    syncStatusStore.update({ reachable: false });
    const id = await queued();
    const leave = showAnswerOnScreen(id);
    tellWhenAnswered(db, id, told);
    // Watched after tellWhenAnswered's own watch, so told after it has been told.
    const seen = new Promise<void>((resolve) =>
      watchOutboxAnswer(db, id, (now) => {
        if (now === 'accepted') resolve();
      }),
    );
    await answer(id, 'applied');
    await seen;
    leave();
    expect(shown).toEqual([]);

    const next = await queued();
    const leaveNext = showAnswerOnScreen(next);
    tellWhenAnswered(db, next, told);
    leaveNext();
    syncStatusStore.update({ reachable: true });
    syncStatusStore.update({ reachable: false });
    await answer(next, 'applied');
    await vi.waitFor(() => expect(shown).toEqual(['Event saved on this device', 'Event saved']));
  });
});

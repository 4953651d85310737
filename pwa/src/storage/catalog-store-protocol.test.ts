import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeCatalogSnapshot } from '@stemline/shared';
import { snapshot } from '../features/catalog/catalog-fixture';
import { catalogStore, clearCatalogCache } from './catalog-db';
import { catalogDb } from './catalog-database';
import { catalogRecordOf } from './catalog-record';
import { answerStoreRequest } from './catalog-store-protocol';

/** The fixture's compact bytes (its offers of farms it lists: what the codec encodes). */
function compactBytes(): ArrayBuffer {
  const growers = new Set(snapshot.growers.map((grower) => grower.key));
  const offers = snapshot.offers.filter((offer) => growers.has(offer.grower_key));
  return encodeCatalogSnapshot({ ...snapshot, offers }).buffer;
}

afterEach(async () => {
  await clearCatalogCache();
});

describe('the catalogue store worker’s answer', () => {
  it('stores the record where the page’s store reads it, and answers once committed', async () => {
    const data = compactBytes();
    const record = catalogRecordOf(data, 1_700_000_000_000);
    const answer = await answerStoreRequest({ id: 7, record });
    expect(answer).toEqual({ id: 7, error: null });
    // A read after the answer (a reload) finds the copy, decoded as the server sent it.
    const stored = await catalogStore.read(snapshot.date);
    expect(stored?.fetchedAt).toBe(1_700_000_000_000);
    expect(stored?.snapshot.version).toBe(snapshot.version);
    expect(stored?.snapshot.varieties.map((variety) => variety.key)).toEqual(
      snapshot.varieties.map((variety) => variety.key),
    );
  });

  it('answers the store’s error by name and message, and stores nothing', async () => {
    const data = compactBytes();
    // A record without its key: IndexedDB refuses the put (a DataError), as it refuses one when
    // the disk is full (a QuotaExceededError), which the page tells the buyer.
    const record = { ...catalogRecordOf(data, 1), date: undefined as unknown as number };
    const answer = await answerStoreRequest({ id: 8, record });
    expect(answer.id).toBe(8);
    expect(answer.error?.name).toBe('DataError');
    expect(answer.error?.message).not.toBe('');
    expect(await catalogDb.catalogs.count()).toBe(0);
  });
});

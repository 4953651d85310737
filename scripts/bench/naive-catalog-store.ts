/**
 * The naive catalogue cache (Dexie, database `stemline-catalog-naive`): one row per price row,
 * plus one row per date with everything else. It is what the compact store is measured against
 * (`npm run bench:catalog`, `naiveWarmOpenMs`). The app does not ship it: the benchmark runs
 * this module in the page before the app starts (naive-store-script.ts), and it puts the store
 * where the app looks for an injected one (pwa/src/storage/catalog-db.ts).
 */
import Dexie, { type EntityTable } from 'dexie';
import type { CatalogSnapshot, Offer } from '@stemline/shared';
import type {
  CachedCatalog,
  CatalogStore,
  InjectedCatalogStore,
} from '../../pwa/src/storage/catalog-db';

type OfferRow = Offer & { date: number };
type DateRow = Omit<CatalogSnapshot, 'offers'> & { fetchedAt: number };

const naiveDb = new Dexie('stemline-catalog-naive') as Dexie & {
  offers: EntityTable<OfferRow, 'inventory_key'>;
  dates: EntityTable<DateRow, 'date'>;
};
naiveDb.version(1).stores({ offers: '[date+inventory_key], date', dates: 'date' });

async function save(snapshot: CatalogSnapshot, fetchedAt: number): Promise<void> {
  const { offers, ...rest } = snapshot;
  await naiveDb.transaction('rw', naiveDb.offers, naiveDb.dates, async () => {
    await naiveDb.offers.where('date').equals(snapshot.date).delete();
    await naiveDb.offers.bulkPut(offers.map((offer) => ({ ...offer, date: snapshot.date })));
    await naiveDb.dates.put({ ...rest, fetchedAt });
  });
}

const naiveCatalogStore: CatalogStore = {
  async read(date) {
    const [meta, offers] = await Promise.all([
      naiveDb.dates.get(date),
      naiveDb.offers.where('date').equals(date).toArray(),
    ]);
    if (!meta) return undefined;
    const { fetchedAt, ...rest } = meta;
    return { date, snapshot: { ...rest, offers }, fetchedAt } satisfies CachedCatalog;
  },
  async saveBytes(_data, snapshot, fetchedAt) {
    await save(snapshot, fetchedAt);
  },
  save,
  async touch(date, fetchedAt) {
    await naiveDb.dates.update(date, { fetchedAt });
  },
  async clear() {
    await Promise.all([naiveDb.offers.clear(), naiveDb.dates.clear()]);
  },
};

(globalThis as InjectedCatalogStore).stemlineCatalogStore = naiveCatalogStore;

import { createRxDatabase, type RxCollectionCreator } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import type { PushAnswer } from '@stemline/shared';
import type { AccountDb } from '../storage/account-db';
import { enableSchemaMigrations } from '../storage/schema-migrations';

let databases = 0;

/**
 * For tests of the replicator: a fresh in-memory account database holding only `collections`,
 * each call under a name of its own. Close it after the test.
 */
export async function memoryAccountDb(
  collections: Record<string, RxCollectionCreator>,
): Promise<AccountDb> {
  databases += 1;
  enableSchemaMigrations();
  const db = await createRxDatabase({
    name: `memory-account-db-${databases}`,
    storage: getRxStorageMemory(),
  });
  await db.addCollections(collections);
  return db as unknown as AccountDb;
}

/** For tests of the replicator: the server's push answer applying every mutation at `seq`. */
export function allApplied(mutations: readonly { id: string }[], seq: number): PushAnswer {
  return {
    results: mutations.map((mutation) => ({
      id: mutation.id,
      status: 'applied',
      appliedSeq: seq,
      message: null,
    })),
  };
}

import { startWith, Subject, type Observable } from 'rxjs';
import {
  mutationDefinitions,
  type MutationArgs,
  type MutationName,
  type MutationPreviews,
} from '@stemline/shared';
import type { AccountDb } from '../storage/account-db';
import type { MutationDoc } from '../storage/account-schemas';
import { forgetJournaled, journalIntent } from '../storage/outbox-journal';
import { clientId } from '../session/client-id';

/**
 * Intents handed to `enqueueMutation` whose outbox write may still be under way, per database.
 * Writing to the outbox takes tens of milliseconds (IndexedDB, then RxDB's bookkeeping); the cart
 * shows these at once so a tap paints in the next frame. They leave the list when the outbox
 * query has returned them (`forgetWritten`), or at once when their write failed.
 */
interface UnwrittenStore {
  entries: MutationDoc[];
  changed: Subject<void>;
}
const unwritten = new WeakMap<AccountDb, UnwrittenStore>();

function unwrittenStore(db: AccountDb): UnwrittenStore {
  let store = unwritten.get(db);
  if (!store) {
    store = { entries: [], changed: new Subject<void>() };
    unwritten.set(db, store);
  }
  return store;
}

/**
 * The intents of `db` being written to its outbox right now. Read it when `unwrittenChanges`
 * emits or when the outbox query does: `forgetWritten` changes it without emitting.
 */
export function unwrittenMutations(db: AccountDb): readonly MutationDoc[] {
  return unwrittenStore(db).entries;
}

/** Emits (at once, then) whenever an intent is handed over or its write failed. */
export function unwrittenChanges(db: AccountDb): Observable<void> {
  return unwrittenStore(db).changed.pipe(startWith(undefined));
}

/**
 * Drops intents the outbox query now returns. Quietly: the screen already shows them, from the
 * query, so this must not wake the views again.
 */
export function forgetWritten(db: AccountDb, written: ReadonlySet<string>): void {
  const store = unwrittenStore(db);
  store.entries = store.entries.filter((entry) => !written.has(entry.id));
}

/** A mutation's name with its args, for helpers that queue one of several mutations. */
export type Intent<Name extends MutationName> = {
  [N in Name]: [name: N, args: MutationArgs<N>];
}[Name];

/** The preview a mutation's overlay needs (`MutationPreviews`), or nothing. */
type PreviewOf<Name extends MutationName> = Name extends keyof MutationPreviews
  ? [preview: MutationPreviews[Name]]
  : [];

/**
 * Queues an intent in the outbox. Its args are checked with the mutation's shared schema first:
 * args the server would refuse throw (a `ZodError`) before anything is stored or shown. The
 * screen shows its effect from the moment it is handed over (see `unwrittenMutations`), and the
 * sync engine pushes it whenever the server is reachable. Throws when the device cannot store it
 * (e.g. the storage quota is full) so the caller can say so; the optimistic effect then goes
 * away with it, and a queued intent is never dropped silently.
 */
export async function enqueueMutation<Name extends MutationName>(
  db: AccountDb,
  name: Name,
  args: MutationArgs<Name>,
  ...[preview]: PreviewOf<Name>
): Promise<string> {
  mutationDefinitions[name].args.parse(args);
  const entry: MutationDoc = {
    id: crypto.randomUUID(),
    clientId: clientId(),
    name,
    args,
    createdAt: Date.now(),
    status: 'pending',
    // The outbox stores every preview alike; `MutationPreviews` typed it on the way in.
    ...(preview ? { preview: preview as unknown as Record<string, unknown> } : {}),
  };
  // Synchronously, before the write: a page left while the write is under way loses it, and the
  // account database replays the journal into the outbox when it next opens (outbox-journal.ts).
  journalIntent(db.name, entry);
  const store = unwrittenStore(db);
  store.entries = [...store.entries, entry];
  store.changed.next();
  try {
    await db.mutations.insert({ ...entry });
  } catch (error) {
    // Another tab's replay of the journal may have stored it first: then it is queued.
    if (!(await isStored(db, entry.id))) {
      forgetJournaled(db.name, entry.id);
      store.entries = store.entries.filter((other) => other.id !== entry.id);
      store.changed.next();
      throw error;
    }
  }
  forgetJournaled(db.name, entry.id);
  // Normally the cart's outbox query forgets it first; this only bounds the list without one.
  setTimeout(() => forgetWritten(db, new Set([entry.id])), UNWRITTEN_GRACE_MS);
  return entry.id;
}

const UNWRITTEN_GRACE_MS = 10_000;

async function isStored(db: AccountDb, id: string): Promise<boolean> {
  try {
    return (await db.mutations.findOne(id).exec()) !== null;
  } catch {
    return false;
  }
}

// Kept in storage/ so the catalogue can tell a full disk without loading the outbox.
export { isQuotaError } from '../storage/quota-error';

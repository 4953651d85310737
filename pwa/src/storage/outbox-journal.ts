/**
 * The outbox's write-ahead journal: a copy in localStorage of each intent whose outbox write
 * (IndexedDB, asynchronous) is still under way. `enqueueMutation` writes it synchronously, before
 * the insert starts, and clears it once the insert has committed; a page left in between (reload,
 * tab closed, navigation) would otherwise lose the intent with the aborted IndexedDB transaction.
 * The account database replays what is left into its outbox when it opens (`replayOutboxJournal`),
 * by mutation id, so an intent the outbox already holds is not queued twice, and the server
 * applies an id once anyway.
 *
 * One localStorage key per intent, `stemline.outbox-journal.<database>.<id>`: no read-modify-write
 * that two tabs could interleave, and a database reads only its own account's entries (database
 * names hold no dots). Loaded with the account database, never by a visitor's first screen.
 */
import { z } from 'zod';
import type { MutationName } from '@stemline/shared';
import type { AccountDb } from './account-db';
import type { MutationDoc } from './account-schemas';
import { OUTBOX_JOURNAL_PREFIX as PREFIX } from './outbox-journal-key';

/** Intents journaled at once, per account: writes are in flight for milliseconds each. */
export const MAX_JOURNAL_ENTRIES = 50;
/** The largest entry journaled, in characters (an add's preview is a few thousand). */
export const MAX_JOURNAL_ENTRY_CHARS = 32_768;

/**
 * An entry as any build journals it. Its name and args are not checked against this build's
 * mutations: enqueueMutation checked them against the build that journaled it, and a service
 * worker update may have brought a build that words the mutation otherwise or no longer has it.
 * Such an intent is still queued: the server judges it, and a refusal is told like any other
 * (the outbox's overlays and answers read every entry with the schema of its name).
 */
const journalEntrySchema = z.object({
  id: z.string().min(1).max(100),
  clientId: z.string().min(1),
  name: z.string().min(1).max(100),
  args: z.record(z.string(), z.unknown()),
  createdAt: z.number().int().nonnegative(),
  preview: z.record(z.string(), z.unknown()).optional(),
});

function prefixOf(databaseName: string): string {
  return `${PREFIX}${databaseName}.`;
}

/** This account's journal keys; none when localStorage cannot be read. */
function journalKeys(databaseName: string): string[] {
  const prefix = prefixOf(databaseName);
  const keys: string[] = [];
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key?.startsWith(prefix)) keys.push(key);
    }
  } catch {
    return [];
  }
  return keys;
}

/**
 * Journals `entry` of database `databaseName` before its outbox write. False when it was not
 * journaled (journal full, entry too large, storage refused): the write then goes ahead
 * unprotected, as it did before there was a journal, and the caller still hears of its failure.
 */
export function journalIntent(databaseName: string, entry: MutationDoc): boolean {
  const { id, clientId, name, args, createdAt, preview } = entry;
  const text = JSON.stringify({ id, clientId, name, args, createdAt, preview });
  if (text.length > MAX_JOURNAL_ENTRY_CHARS) return refused(name, 'entry too large');
  if (journalKeys(databaseName).length >= MAX_JOURNAL_ENTRIES) return refused(name, 'full');
  try {
    localStorage.setItem(prefixOf(databaseName) + id, text);
    return true;
  } catch (error) {
    return refused(name, error);
  }
}

function refused(name: string, reason: unknown): false {
  console.warn(`[outbox] ${name} not journaled before its write`, reason);
  return false;
}

/** Clears an intent's entry: its outbox write committed, or failed and the caller was told. */
export function forgetJournaled(databaseName: string, id: string): void {
  try {
    localStorage.removeItem(prefixOf(databaseName) + id);
  } catch {
    // Storage unreadable: there is no entry to clear, and a replay would find the intent stored.
  }
}

/** Drops an account's whole journal (its database is deleted: logout). */
export function clearJournal(databaseName: string): void {
  for (const key of journalKeys(databaseName))
    forgetJournaled(databaseName, key.slice(prefixOf(databaseName).length));
}

/** What an account's journal holds: its readable intents and the keys that did not parse. */
export interface JournalContents {
  entries: MutationDoc[];
  unreadable: { key: string; text: string | null; issue: string }[];
}

export function readJournal(databaseName: string): JournalContents {
  const contents: JournalContents = { entries: [], unreadable: [] };
  for (const key of journalKeys(databaseName)) {
    const text = localStorage.getItem(key);
    const parsed = journalEntrySchema.safeParse(parseJson(text));
    if (parsed.success && key === prefixOf(databaseName) + parsed.data.id) {
      const { preview, name, ...intent } = parsed.data;
      contents.entries.push({
        ...intent,
        // Perhaps a name only another build knows (above); the outbox holds those already.
        name: name as MutationName,
        status: 'pending',
        ...(preview ? { preview } : {}),
      });
    } else {
      const issue = parsed.success ? 'key and id differ' : z.prettifyError(parsed.error);
      contents.unreadable.push({ key, text, issue });
    }
  }
  return contents;
}

function parseJson(text: string | null): unknown {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Puts the journaled intents the outbox lacks into it, oldest first, and clears the journal of
 * each intent the outbox now holds. An unreadable entry is reported (with its text) and removed,
 * never thrown: a corrupt journal must not keep the account from opening. An intent whose insert
 * failed stays journaled for the next start.
 */
export async function replayOutboxJournal(db: AccountDb): Promise<number> {
  const { entries, unreadable } = readJournal(db.name);
  for (const { key, text, issue } of unreadable) {
    console.error('[outbox] an unreadable journal entry was removed', { key, text, issue });
    try {
      localStorage.removeItem(key);
    } catch {
      // Reported; the next start reports it again.
    }
  }
  if (entries.length === 0) return 0;
  const stored = await db.mutations.findByIds(entries.map((entry) => entry.id)).exec();
  const missing = entries
    .filter((entry) => !stored.has(entry.id))
    .sort((a, b) => a.createdAt - b.createdAt);
  const { error } = await db.mutations.bulkInsert(missing);
  // A conflict is an intent another tab (or its own write) stored meanwhile: it is in the outbox.
  const failed = new Set(error.filter((e) => e.status !== 409).map((e) => e.documentId));
  for (const entry of error) {
    if (entry.status !== 409)
      console.error('[outbox] a journaled intent could not be stored', entry);
  }
  for (const entry of entries) if (!failed.has(entry.id)) forgetJournaled(db.name, entry.id);
  return missing.length - failed.size;
}

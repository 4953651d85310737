/**
 * Where the outbox journal (outbox-journal.ts) keeps its entries in localStorage:
 * `<prefix><database>.<id>`. Apart, so a session's end (session-store.ts, on a first screen) can
 * keep them without loading the journal's code.
 */
export const OUTBOX_JOURNAL_PREFIX = 'stemline.outbox-journal.';

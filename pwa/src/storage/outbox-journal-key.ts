/**
 * Where the outbox journal (outbox-journal.ts) keeps its entries in localStorage:
 * `<prefix><database>.<id>`. Apart, so a session's end (session-store.ts, on a first screen) can
 * keep them without loading the journal's code.
 */
export const OUTBOX_JOURNAL_PREFIX = 'stemline.outbox-journal.';

/**
 * `<prefix><database>`: present while that account copy's outbox holds changes not yet sent
 * (sync/unsent-marker.ts), so another account signing in here can be told of them unopened.
 */
export const UNSENT_MARKER_PREFIX = 'stemline.unsent.';
/** sessionStorage: the database whose session was told of another account's unsent changes. */
export const UNSENT_TOLD_KEY = 'stemline.unsent_told';

import type { MutationDoc } from '../../storage/account-schemas';

/** Server answers that read the same, shown once: a count and every outbox entry behind them. */
export interface MergedProblem {
  /** The first entry's id: a stable React key. */
  id: string;
  status: MutationDoc['status'];
  subject: string;
  message: string;
  /** Every outbox entry with this subject, message and status; Dismiss removes them all. */
  ids: string[];
}

/** What a problem is about: the variety of a queued add, else a cart change. */
export function problemSubject(problem: Pick<MutationDoc, 'preview'>): string {
  const preview = problem.preview as { variety?: { name?: unknown } } | undefined;
  const name = preview?.variety?.name;
  return typeof name === 'string' && name !== '' ? name : 'Cart change';
}

/**
 * Merges problems that say the same thing about the same subject (four taps on the last box
 * give one 'sold out', not three), keeping the order in which each first appeared.
 */
export function mergeProblems(problems: readonly MutationDoc[]): MergedProblem[] {
  const merged = new Map<string, MergedProblem>();
  for (const problem of problems) {
    const subject = problemSubject(problem);
    const message = problem.message ?? '';
    const key = JSON.stringify([problem.status, subject, message]);
    const existing = merged.get(key);
    if (existing) existing.ids.push(problem.id);
    else
      merged.set(key, {
        id: problem.id,
        status: problem.status,
        subject,
        message,
        ids: [problem.id],
      });
  }
  return [...merged.values()];
}

import type { VisibleCartLine } from '@stemline/shared';
import type { MutationDoc } from '../../storage/account-schemas';

export interface CartView {
  lines: VisibleCartLine[];
  /** Queued mutations not yet answered by the server. */
  pendingCount: number;
  /** Answers to the cart's own changes: rejections and partial fills, until dismissed. */
  problems: MutationDoc[];
  loaded: boolean;
}

/**
 * `next`, reusing every part of `previous` that shows the same thing, and `previous` itself when
 * nothing on screen would change. A tap writes the outbox, then the server's answer, the pulled
 * line and the checkpoint arrive one by one; most of these steps change nothing the buyer sees,
 * and a view that keeps its identity lets React skip those renders (the catalogue's cards are
 * many). Lines are compared field by field, answers by id, status and message.
 */
export function stableCartView(previous: CartView, next: CartView): CartView {
  const before = new Map(previous.lines.map((line) => [line.key, line]));
  const lines = next.lines.map((line) => {
    const old = before.get(line.key);
    return old && sameFields(old, line) ? old : line;
  });
  const sameLines =
    lines.length === previous.lines.length &&
    lines.every((line, index) => line === previous.lines[index]);
  const sameProblems =
    next.problems.length === previous.problems.length &&
    next.problems.every((problem, index) => {
      const old = previous.problems[index];
      return (
        old !== undefined &&
        old.id === problem.id &&
        old.status === problem.status &&
        old.message === problem.message
      );
    });
  if (
    sameLines &&
    sameProblems &&
    next.pendingCount === previous.pendingCount &&
    next.loaded === previous.loaded
  ) {
    return previous;
  }
  return {
    ...next,
    lines: sameLines ? previous.lines : lines,
    problems: sameProblems ? previous.problems : next.problems,
  };
}

function sameFields(a: object, b: object): boolean {
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every(
    (key) => (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key],
  );
}

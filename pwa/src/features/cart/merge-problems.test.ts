import { describe, expect, it } from 'vitest';
import type { MutationDoc } from '../../storage/account-schemas';
import { mergeProblems } from './merge-problems';

const problem = (id: string, message: string, variety = 'Freedom'): MutationDoc =>
  ({
    id,
    clientId: 'tab',
    name: 'add_to_cart',
    args: {},
    createdAt: 1,
    status: 'rejected',
    code: 'sold_out',
    message,
    preview: { variety: { name: variety } },
  }) as unknown as MutationDoc;

describe('mergeProblems', () => {
  it('shows identical answers once, keeping every entry to dismiss', () => {
    const merged = mergeProblems([
      problem('m1', 'Sold out.'),
      problem('m2', 'Sold out.'),
      problem('m3', 'Sold out.'),
      problem('m4', 'Sold out.', 'Tess'),
      problem('m5', 'Only 1 box was left.'),
    ]);
    expect(merged.map((p) => [p.subject, p.message, p.ids])).toEqual([
      ['Freedom', 'Sold out.', ['m1', 'm2', 'm3']],
      ['Tess', 'Sold out.', ['m4']],
      ['Freedom', 'Only 1 box was left.', ['m5']],
    ]);
  });
});

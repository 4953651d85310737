import { describe, expect, it } from 'vitest';
import { queuedLineText, unjudgedLineText } from './queued-line-text';

const line = (length: number) => ({ variety_name: 'Freedom', length, grower_name: 'Finca Rosa' });

describe('queuedLineText', () => {
  it('names the line with its stem length and farm', () => {
    expect(queuedLineText(line(60))).toBe('Freedom 60\u00a0cm from Finca Rosa');
  });

  it('shows no length for a line without one, never "0 cm"', () => {
    expect(queuedLineText(line(0))).toBe('Freedom from Finca Rosa');
  });
});

describe('unjudgedLineText', () => {
  it('names the line with its stem length', () => {
    expect(unjudgedLineText(line(60), 'Fri, Nov 27')).toMatch(/^Freedom 60\scm is not in this /);
  });

  it('shows no length for a line without one, never "0 cm"', () => {
    expect(unjudgedLineText(line(0), 'Fri, Nov 27')).toMatch(/^Freedom is not in this /);
  });
});

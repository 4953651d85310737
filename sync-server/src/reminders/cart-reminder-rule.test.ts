import { describe, expect, it } from 'vitest';
import { cartReminderDue } from './cart-reminder-rule';

const HOUR = 3600_000;
const now = Date.parse('2026-11-20T15:00:00Z');
const ago = (hours: number) => now - hours * HOUR;

describe('cartReminderDue', () => {
  it.each([
    [
      'a line held 24 hours, never reminded',
      { oldestAddedAt: ago(24), lastChangedAt: ago(24) },
      undefined,
      true,
    ],
    [
      'a line held 23 hours 59 minutes',
      { oldestAddedAt: now - 24 * HOUR + 60_000, lastChangedAt: ago(1) },
      undefined,
      false,
    ],
    [
      'an old line and a new one, never reminded',
      { oldestAddedAt: ago(30), lastChangedAt: ago(1) },
      undefined,
      true,
    ],
    [
      'reminded 23 hours ago, cart changed since',
      { oldestAddedAt: ago(72), lastChangedAt: ago(2) },
      ago(23),
      false,
    ],
    [
      'reminded 25 hours ago, cart changed since',
      { oldestAddedAt: ago(72), lastChangedAt: ago(2) },
      ago(25),
      true,
    ],
    [
      'reminded 3 days ago, cart untouched since',
      { oldestAddedAt: ago(100), lastChangedAt: ago(96) },
      ago(72),
      false,
    ],
    [
      'a line from the future (clock skew)',
      { oldestAddedAt: now + HOUR, lastChangedAt: now + HOUR },
      undefined,
      false,
    ],
  ])('%s: %s', (_what, cart, lastReminderAt, due) => {
    expect(cartReminderDue(cart, lastReminderAt, now)).toBe(due);
  });
});

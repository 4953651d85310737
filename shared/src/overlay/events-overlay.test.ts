import { describe, expect, it } from 'vitest';
import type { BuyerEvent } from '../schemas/events';
import type { OverlayEntry } from './queued-mutation';
import { overlayEvents } from './visible-events';

const pulled: BuyerEvent = {
  key: 'ev-1',
  name: 'Gala',
  date: 20261210,
  venue_address: 'Town hall',
  notes: '',
  created_at: 1,
  updated_at: 1,
};
const entry = (name: string, args: unknown, createdAt: number, status = 'pending'): OverlayEntry =>
  ({ id: `m-${createdAt}`, clientId: 'd', name, args, createdAt, status }) as OverlayEntry;

describe('overlayEvents', () => {
  it('shows a queued add at once, pending, sorted by date among the pulled events', () => {
    const args = { key: 'ev-2', name: 'Wedding', date: 20261204, venue_address: '', notes: '' };
    const events = overlayEvents([pulled], [entry('save_event', args, 5)], 0);
    expect(events.map((e) => [e.key, e.pending])).toEqual([
      ['ev-2', true],
      ['ev-1', false],
    ]);
    expect(events[0]).toMatchObject({ created_at: 5, updated_at: 5 });
  });

  it('shows a queued edit keeping the creation time, and a queued delete hides the event', () => {
    const edit = { ...pulled, name: 'Gala dinner', venue_address: 'Pier 4' };
    const edited = overlayEvents([pulled], [entry('save_event', edit, 9)], 0);
    expect(edited[0]).toMatchObject({ name: 'Gala dinner', created_at: 1, updated_at: 9 });
    expect(overlayEvents([pulled], [entry('delete_event', { key: 'ev-1' }, 9)], 0)).toEqual([]);
  });

  it('drops a rejected save and one whose args the schema refuses', () => {
    const bad = { key: 'ev-3', name: '', date: 1, venue_address: '', notes: '' };
    const good = { key: 'ev-4', name: 'Party', date: 20261204, venue_address: '', notes: '' };
    const events = overlayEvents(
      [],
      [entry('save_event', bad, 2), entry('save_event', good, 3, 'rejected')],
      0,
    );
    expect(events).toEqual([]);
  });
});

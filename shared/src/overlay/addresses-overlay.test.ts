import { describe, expect, it } from 'vitest';
import type { SavedAddress } from '../schemas/address';
import type { OverlayEntry } from './queued-mutation';
import { overlayAddresses } from './visible-collections';

const fields = { address: '9 Dock Road', city: 'Newark', state: 'NJ', zipcode: '07105' };
const pulled: SavedAddress = {
  key: 'a-1',
  _KEY: 'a-1',
  address: '1 Old Road',
  city: 'Camden',
  state: 'NJ',
  zipcode: '08101',
  created_at: 100,
  updated_at: 100,
};

let clock = 1_000;
function entry(
  name: string,
  args: Record<string, unknown>,
  status: OverlayEntry['status'] = 'pending',
  appliedSeq?: number,
): OverlayEntry {
  clock += 1;
  return { id: `m-${clock}`, name, args, createdAt: clock, status, appliedSeq };
}
const add = (key: string, status?: OverlayEntry['status'], seq?: number) =>
  entry(
    'customer_address',
    { slAddress: fields, save: true, update: false, _KEY: key },
    status,
    seq,
  );
const edit = (key: string, city: string, status?: OverlayEntry['status'], seq?: number) =>
  entry(
    'customer_address',
    { slAddress: { ...fields, city }, save: true, update: true, _KEY: key },
    status,
    seq,
  );
const remove = (key: string, status?: OverlayEntry['status'], seq?: number) =>
  entry('delete_address', { keys: [key] }, status, seq);

const summary = (addresses: ReturnType<typeof overlayAddresses>) =>
  addresses.map((a) => `${a.key}:${a.city}:${a.pending ?? '-'}`);

describe('overlayAddresses', () => {
  const cases: {
    name: string;
    outbox: OverlayEntry[];
    checkpoint?: number;
    expected: string[];
  }[] = [
    { name: 'shows the pulled addresses as they are', outbox: [], expected: ['a-1:Camden:-'] },
    {
      name: 'shows an address added offline at once, marked as saving',
      outbox: [add('a-2')],
      expected: ['a-1:Camden:-', 'a-2:Newark:saving'],
    },
    {
      name: 'shows an edit at once, marked as saving',
      outbox: [edit('a-1', 'Trenton')],
      expected: ['a-1:Trenton:saving'],
    },
    {
      name: 'edits an address that was itself added offline',
      outbox: [add('a-2'), edit('a-2', 'Paterson')],
      expected: ['a-1:Camden:-', 'a-2:Paterson:saving'],
    },
    {
      name: 'keeps a row whose delete is queued, marked as deleting',
      outbox: [remove('a-1')],
      expected: ['a-1:Camden:deleting'],
    },
    {
      name: 'drops a row once its delete is applied, before the pull has caught up',
      outbox: [remove('a-1', 'applied', 12)],
      checkpoint: 10,
      expected: [],
    },
    {
      name: 'trusts the pulled rows once the checkpoint has reached the applied change',
      outbox: [edit('a-1', 'Trenton', 'applied', 9)],
      checkpoint: 10,
      expected: ['a-1:Camden:-'],
    },
    {
      name: 'shows an applied add without a pending mark until the pull brings it',
      outbox: [add('a-3', 'applied', 15)],
      checkpoint: 10,
      expected: ['a-1:Camden:-', 'a-3:Newark:-'],
    },
    {
      name: 'ignores a rejected change',
      outbox: [edit('a-1', 'Trenton', 'rejected')],
      expected: ['a-1:Camden:-'],
    },
    {
      name: 'ignores an edit the server would refuse (an invalid zipcode)',
      outbox: [
        entry('customer_address', {
          slAddress: { ...fields, zipcode: '123' },
          save: true,
          update: true,
          _KEY: 'a-1',
        }),
      ],
      expected: ['a-1:Camden:-'],
    },
    {
      name: 'ignores an edit of an address that is not there',
      outbox: [edit('a-9', 'Trenton')],
      expected: ['a-1:Camden:-'],
    },
    {
      name: 'ignores selecting an address (save false)',
      outbox: [
        entry('customer_address', { slAddress: fields, save: false, update: true, _KEY: 'main' }),
      ],
      expected: ['a-1:Camden:-'],
    },
    {
      name: 'ignores other mutations and malformed args',
      outbox: [
        entry('add_to_cart', { variety: 'v-1' }),
        entry('delete_address', { keys: 'a-1' }),
        entry('customer_address', { slAddress: null }),
      ],
      expected: ['a-1:Camden:-'],
    },
  ];
  for (const { name, outbox, checkpoint = 0, expected } of cases) {
    it(name, () => {
      expect(summary(overlayAddresses([pulled], outbox, checkpoint))).toEqual(expected);
    });
  }
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actualAddressSchema,
  deliveryMessages,
  loadAddressAnswerSchema,
  MAX_ONE_TIME_ADDRESSES,
  messages,
  pullAnswerSchema,
  pushAnswerSchema,
  stemlineMessages,
  type MutationResult,
  type SavedAddress,
  validateAnswerSchema,
} from '@stemline/shared';
import {
  accounts,
  startTestServer,
  type TestServer,
  type TestSql,
} from '../test-support/test-server';

const fields = { address: '9 Dock Road', city: 'Newark', state: 'NJ', zipcode: '07105' };

/** Everything an address call could change: the sequence, every address row, every customer. */
async function addressState(sql: TestSql) {
  return {
    seq: (await sql.one<{ value: number }>('SELECT value FROM change_seq'))?.value,
    addresses: await sql.all('SELECT * FROM addresses ORDER BY customer_key, key'),
    customers: await sql.all('SELECT * FROM customers ORDER BY key'),
  };
}

describe('delivery addresses', () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let guest = '';
  let manager = '';

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer, guest, manager] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
      t.login(accounts.guest),
      t.login(accounts.manager),
    ]);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const key = () => `a-${randomUUID()}`;
  const run = (token: string, operation: string, params: unknown) =>
    t.post<Record<string, unknown>>('/api/cs/run', { key: operation, params }, token);
  const mutation = (name: string, args: unknown, id = `m-${randomUUID()}`) => ({
    id,
    clientId: 'device-1',
    name,
    args,
    createdAt: t.clock.now,
  });
  async function push(token: string, mutations: unknown[]): Promise<MutationResult[]> {
    const answer = await t.post('/api/sync/push', { clientId: 'device-1', mutations }, token);
    expect(answer.status).toBe(200);
    return pushAnswerSchema.parse(answer.body).results;
  }
  async function load(token: string) {
    const answer = await run(token, 'load_address', {});
    expect(answer.status).toBe(200);
    return loadAddressAnswerSchema.parse(answer.body).results;
  }
  async function pullAddresses(token: string, checkpoint = 0) {
    const answer = await t.get(`/api/sync/pull/addresses?checkpoint=${checkpoint}`, token);
    expect(answer.status).toBe(200);
    return pullAnswerSchema.parse(answer.body);
  }
  /** The user's `customer_actual_address` as a fresh session reports it. */
  async function actualOnLogin(email: string) {
    const token = await t.login(email);
    const answer = validateAnswerSchema.parse(
      (await t.get(`/api/security/validate?token=${token}`)).body,
    );
    const text = answer.user?.metadata.customer_actual_address;
    return text ? actualAddressSchema.parse(JSON.parse(text)) : null;
  }

  describe('through POST /api/cs/run', () => {
    it('adds a one-time address that load_address then lists and the pull delivers', async () => {
      const before = await pullAddresses(newbuyer);
      const _KEY = key();
      const answer = await run(newbuyer, 'customer_address', {
        slAddress: fields,
        save: true,
        update: false,
        _KEY,
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        success: true,
        results: { address: { key: _KEY, _KEY, ...fields } },
      });

      expect((await load(newbuyer)).addresses).toContainEqual(
        expect.objectContaining({ _KEY, ...fields }),
      );
      const { documents } = await pullAddresses(newbuyer, before.checkpoint);
      expect(documents).toEqual([
        expect.objectContaining({ key: _KEY, ...fields, _deleted: false }),
      ]);
    });

    it('edits an address in place, keeping its creation time', async () => {
      const _KEY = key();
      await run(newbuyer, 'customer_address', {
        slAddress: fields,
        save: true,
        update: false,
        _KEY,
      });
      t.clock.advance(60_000);
      const edited = { ...fields, address: '10 Dock Road', zipcode: '07114' };
      const answer = await run(newbuyer, 'customer_address', {
        slAddress: edited,
        save: true,
        update: true,
        _KEY,
      });
      expect(answer.status).toBe(200);
      const saved = (await load(newbuyer)).addresses.find((address) => address._KEY === _KEY);
      expect(saved).toMatchObject(edited);
      expect(saved?.updated_at).toBe((saved?.created_at ?? 0) + 60_000);
    });

    it('deletes by key list and the pull delivers the tombstone', async () => {
      const [first, second] = [key(), key()];
      for (const _KEY of [first, second])
        await run(newbuyer, 'customer_address', {
          slAddress: fields,
          save: true,
          update: false,
          _KEY,
        });
      const { checkpoint } = await pullAddresses(newbuyer);

      const answer = await run(newbuyer, 'delete_address', { keys: [first, second] });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ success: true, results: { keys: [first, second] } });

      const keys = (await load(newbuyer)).addresses.map((address) => address._KEY);
      expect(keys).not.toContain(first);
      expect(keys).not.toContain(second);
      const { documents } = await pullAddresses(newbuyer, checkpoint);
      expect(documents.map((doc) => [doc.key, doc._deleted])).toEqual([
        [first, true],
        [second, true],
      ]);
      expect(new Set(documents.map((doc) => doc.seq)).size).toBe(2);
    });

    it('selects an address with save false, which login then reports as customer_actual_address', async () => {
      const before = await addressState(t.sql);
      const answer = await run(guest, 'customer_address', {
        slAddress: fields,
        save: false,
        update: true,
        _KEY: 'picked-1',
      });
      expect(answer.status).toBe(200);
      // A key the guest has no address under names a one-time address: the server keys it.
      const actual = await actualOnLogin(accounts.guest);
      expect(actual).toEqual({ _KEY: expect.stringMatching(/^once-/) as unknown, ...fields });
      expect(answer.body).toMatchObject({ results: { actual_address: actual } });
      // Selecting writes no address and takes no change sequence.
      expect((await addressState(t.sql)).addresses).toEqual(before.addresses);
      expect((await addressState(t.sql)).seq).toBe(before.seq);
    });

    it('keeps the selected address in step when it is edited, and clears it when it is deleted', async () => {
      const _KEY = key();
      await run(guest, 'customer_address', { slAddress: fields, save: true, update: false, _KEY });
      await run(guest, 'customer_address', { slAddress: fields, save: false, update: true, _KEY });
      const edited = { ...fields, city: 'Jersey City' };
      await run(guest, 'customer_address', { slAddress: edited, save: true, update: true, _KEY });
      expect(await actualOnLogin(accounts.guest)).toEqual({ _KEY, ...edited });

      await run(guest, 'delete_address', { keys: [_KEY] });
      expect(await actualOnLogin(accounts.guest)).toBeNull();
    });

    const invalid: { name: string; slAddress: Record<string, unknown>; message: string }[] = [
      {
        name: 'a 4-digit zipcode',
        slAddress: { ...fields, zipcode: '0710' },
        message: messages.zipcodeDigits,
      },
      {
        name: 'an empty street',
        slAddress: { ...fields, address: ' ' },
        message: messages.fieldRequired,
      },
      {
        name: 'a 26-character street',
        slAddress: { ...fields, address: '1'.repeat(26) },
        message: deliveryMessages.addressTooLong(25),
      },
      {
        name: 'a street with markup',
        slAddress: { ...fields, address: '<img src=x>' },
        message: deliveryMessages.streetCharacters,
      },
      {
        name: 'a city with digits',
        slAddress: { ...fields, city: 'Newark 2' },
        message: deliveryMessages.cityCharacters,
      },
      {
        name: 'an unknown state',
        slAddress: { ...fields, state: 'ZZ' },
        message: deliveryMessages.chooseState,
      },
    ];
    for (const { name, slAddress, message } of invalid) {
      it(`refuses ${name} with '${message}' and changes nothing`, async () => {
        const before = await addressState(t.sql);
        const answer = await run(newbuyer, 'customer_address', {
          slAddress,
          save: true,
          update: false,
          _KEY: key(),
        });
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ success: false, error: message });
        expect(await addressState(t.sql)).toEqual(before);
      });
    }

    const malformed: { name: string; params: unknown }[] = [
      { name: 'no params', params: undefined },
      { name: 'a missing slAddress', params: { save: true, update: false, _KEY: 'k-1' } },
      {
        name: 'a zipcode sent as a number',
        params: { slAddress: { ...fields, zipcode: 7105 }, save: true, update: false, _KEY: 'k-1' },
      },
      {
        name: 'a key with a slash',
        params: { slAddress: fields, save: true, update: false, _KEY: '../x' },
      },
      {
        name: 'a key of 65 characters',
        params: { slAddress: fields, save: true, update: false, _KEY: 'k'.repeat(65) },
      },
      {
        name: 'save sent as a string',
        params: { slAddress: fields, save: 'true', update: false, _KEY: 'k-1' },
      },
      {
        name: 'a street of 100 kB',
        params: {
          slAddress: { ...fields, address: 'a'.repeat(100_000) },
          save: true,
          update: false,
          _KEY: 'k-1',
        },
      },
    ];
    for (const { name, params } of malformed) {
      it(`answers 400 to ${name} and changes nothing`, async () => {
        const before = await addressState(t.sql);
        const answer = await run(newbuyer, 'customer_address', params);
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ success: false, code: 'invalid_request' });
        expect(await addressState(t.sql)).toEqual(before);
      });
    }

    it('refuses to save over the main address', async () => {
      const answer = await run(florist, 'customer_address', {
        slAddress: fields,
        save: true,
        update: true,
        _KEY: 'main',
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: deliveryMessages.mainAddressReadOnly });
    });

    it('refuses adding under a key that is already used, with 409', async () => {
      const _KEY = key();
      await run(newbuyer, 'customer_address', {
        slAddress: fields,
        save: true,
        update: false,
        _KEY,
      });
      const before = await addressState(t.sql);
      const answer = await run(newbuyer, 'customer_address', {
        slAddress: { ...fields, city: 'Trenton' },
        save: true,
        update: false,
        _KEY,
      });
      expect(answer.status).toBe(409);
      expect(await addressState(t.sql)).toEqual(before);
    });

    it('refuses staff accounts, which have no customer', async () => {
      const answer = await run(manager, 'load_address', {});
      expect(answer.status).toBe(403);
    });
  });

  describe('per-customer isolation', () => {
    let floristKey = '';
    beforeAll(async () => {
      floristKey = key();
      await run(florist, 'customer_address', {
        slAddress: { ...fields, address: '1 Private Lane' },
        save: true,
        update: false,
        _KEY: floristKey,
      });
    });

    it("never lists another customer's address, through load_address or the pull", async () => {
      expect((await load(florist)).addresses.map((a) => a._KEY)).toContain(floristKey);
      for (const token of [newbuyer, guest]) {
        expect((await load(token)).addresses.map((a) => a._KEY)).not.toContain(floristKey);
        const { documents } = await pullAddresses(token);
        expect(documents.map((doc) => doc.key)).not.toContain(floristKey);
      }
    });

    it("cannot edit or delete another customer's address by its key", async () => {
      const before = await addressState(t.sql);
      const edit = await run(newbuyer, 'customer_address', {
        slAddress: fields,
        save: true,
        update: true,
        _KEY: floristKey,
      });
      expect(edit.status).toBe(404);
      const remove = await run(newbuyer, 'delete_address', { keys: [floristKey] });
      expect(remove.status).toBe(404);
      const results = await push(newbuyer, [
        mutation('customer_address', {
          slAddress: fields,
          save: true,
          update: true,
          _KEY: floristKey,
        }),
        mutation('delete_address', { keys: [floristKey] }),
      ]);
      expect(results.map((r) => r.status === 'rejected' && r.code)).toEqual([
        'not_found',
        'not_found',
      ]);
      const after = await addressState(t.sql);
      expect(after.addresses).toEqual(before.addresses);
      expect(after.customers).toEqual(before.customers);
    });

    it('refuses a customer param naming another customer, on every operation', async () => {
      const before = await addressState(t.sql);
      const params = [
        ['load_address', { customer: 'c-bennett' }],
        [
          'customer_address',
          { customer: 'c-bennett', slAddress: fields, save: true, update: false, _KEY: key() },
        ],
        ['delete_address', { customer: 'c-bennett', keys: [floristKey] }],
      ] as const;
      for (const [operation, body] of params) {
        const answer = await run(newbuyer, operation, body);
        expect(answer.status).toBe(403);
      }
      const [result] = await push(newbuyer, [
        mutation('delete_address', { customer: 'c-bennett', keys: [floristKey] }),
      ]);
      expect(result).toMatchObject({ status: 'rejected', message: stemlineMessages.forbidden });
      expect((await addressState(t.sql)).addresses).toEqual(before.addresses);
    });
  });

  describe('through the queued mutations of POST /api/sync/push', () => {
    it('adds, edits and deletes, each visible to the pull at its applied seq', async () => {
      const _KEY = key();
      const { checkpoint } = await pullAddresses(guest);
      const [added, edited, deleted] = await push(guest, [
        mutation('customer_address', { slAddress: fields, save: true, update: false, _KEY }),
        mutation('customer_address', {
          slAddress: { ...fields, city: 'Elizabeth' },
          save: true,
          update: true,
          _KEY,
        }),
        mutation('delete_address', { keys: [_KEY] }),
      ]);
      expect([added?.status, edited?.status, deleted?.status]).toEqual([
        'applied',
        'applied',
        'applied',
      ]);

      const { documents } = await pullAddresses(guest, checkpoint);
      expect(documents).toEqual([
        expect.objectContaining({
          key: _KEY,
          city: 'Elizabeth',
          _deleted: true,
          seq: deleted?.appliedSeq,
        }),
      ]);
    });

    it('applies a replayed mutation once', async () => {
      const _KEY = key();
      const add = mutation('customer_address', {
        slAddress: fields,
        save: true,
        update: false,
        _KEY,
      });
      const [first] = await push(guest, [add]);
      const before = await addressState(t.sql);
      const [again] = await push(guest, [add]);
      expect(again).toEqual(first);
      expect(await addressState(t.sql)).toEqual(before);
    });

    it('rejects an invalid address with the form message and writes nothing but the idempotency record', async () => {
      const before = await addressState(t.sql);
      const results = await push(guest, [
        mutation('customer_address', {
          slAddress: { ...fields, zipcode: '7105' },
          save: true,
          update: false,
          _KEY: key(),
        }),
        mutation('customer_address', {
          slAddress: { ...fields, address: 'x'.repeat(300) },
          save: true,
          update: false,
          _KEY: key(),
        }),
        mutation('delete_address', { keys: [] }),
        mutation('delete_address', { keys: ['never-existed'] }),
      ]);
      expect(results).toEqual([
        expect.objectContaining({
          status: 'rejected',
          code: 'invalid_args',
          message: messages.zipcodeDigits,
        }),
        expect.objectContaining({
          status: 'rejected',
          code: 'invalid_args',
          message: stemlineMessages.invalidRequest,
        }),
        expect.objectContaining({
          status: 'rejected',
          code: 'invalid_args',
          message: stemlineMessages.invalidRequest,
        }),
        expect.objectContaining({
          status: 'rejected',
          code: 'not_found',
          message: deliveryMessages.addressNotFound,
        }),
      ]);
      expect(await addressState(t.sql)).toEqual(before);
    });

    it(`keeps at most ${MAX_ONE_TIME_ADDRESSES} one-time addresses`, async () => {
      const token = await t.login(accounts.newbuyer);
      const live = (await load(token)).addresses.length;
      const room = MAX_ONE_TIME_ADDRESSES - live;
      const results = await push(
        token,
        Array.from({ length: room + 1 }, () =>
          mutation('customer_address', {
            slAddress: fields,
            save: true,
            update: false,
            _KEY: key(),
          }),
        ),
      );
      expect(results.filter((r) => r.status === 'applied')).toHaveLength(room);
      expect(results.at(-1)).toMatchObject({
        status: 'rejected',
        code: 'conflict',
        message: deliveryMessages.tooManyAddresses(MAX_ONE_TIME_ADDRESSES),
      });
      expect((await load(token)).addresses).toHaveLength(MAX_ONE_TIME_ADDRESSES);
    });
  });

  it('delivers addresses in pages without losing rows that share a page boundary', async () => {
    const all: SavedAddress[] = (await load(newbuyer)).addresses;
    let checkpoint = 0;
    const seen = new Set<string>();
    for (;;) {
      const answer = await t.get(
        `/api/sync/pull/addresses?checkpoint=${checkpoint}&limit=7`,
        newbuyer,
      );
      const page = pullAnswerSchema.parse(answer.body);
      page.documents.filter((doc) => !doc._deleted).forEach((doc) => seen.add(doc.key));
      page.documents.filter((doc) => doc._deleted).forEach((doc) => seen.delete(doc.key));
      checkpoint = page.checkpoint;
      if (!page.hasMore) break;
    }
    expect([...seen].sort()).toEqual(all.map((address) => address.key).sort());
  });
});

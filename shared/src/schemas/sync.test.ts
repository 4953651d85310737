import { describe, expect, it } from 'vitest';
import { MAX_PUSH_BATCH, mutationResultSchema, pushRequestSchema } from './sync';

function mutation(index: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `mutation-${index}`,
    clientId: 'client-1',
    name: 'add_to_cart',
    args: {
      variety: 'v-freedom',
      grower: 'gr-andina',
      length: 60,
      eta_date: 20261130,
      quantity: 1,
    },
    createdAt: 1_790_000_000_000 + index,
    ...overrides,
  };
}
const batch = (size: number) => Array.from({ length: size }, (_, index) => mutation(index));

describe('pushRequestSchema', () => {
  for (const size of [1, MAX_PUSH_BATCH]) {
    it(`accepts a batch of ${size === 1 ? 'one mutation' : `${size} mutations`}`, () => {
      expect(
        pushRequestSchema.safeParse({ clientId: 'client-1', mutations: batch(size) }).success,
      ).toBe(true);
    });
  }

  it('allows at most 100 mutations per batch', () => {
    expect(MAX_PUSH_BATCH).toBe(100);
  });

  const hostile: { name: string; body: unknown }[] = [
    { name: 'an empty batch', body: { clientId: 'client-1', mutations: [] } },
    { name: 'a batch of 101 mutations', body: { clientId: 'client-1', mutations: batch(101) } },
    { name: 'a missing batch', body: { clientId: 'client-1' } },
    {
      name: 'a batch that is not an array',
      body: { clientId: 'client-1', mutations: mutation(1) },
    },
    {
      name: 'an unknown mutation name',
      body: { clientId: 'client-1', mutations: [mutation(1, { name: 'delete_cart' })] },
    },
    {
      name: 'an inherited property as mutation name',
      body: { clientId: 'client-1', mutations: [mutation(1, { name: 'toString' })] },
    },
    {
      name: 'a mutation name in another case',
      body: { clientId: 'client-1', mutations: [mutation(1, { name: 'ADD_TO_CART' })] },
    },
    {
      name: 'a mutation id shorter than 8 characters',
      body: { clientId: 'client-1', mutations: [mutation(1, { id: 'm-1' })] },
    },
    {
      name: 'a mutation id longer than 64 characters',
      body: { clientId: 'client-1', mutations: [mutation(1, { id: 'm'.repeat(65) })] },
    },
    {
      name: 'a fractional createdAt',
      body: { clientId: 'client-1', mutations: [mutation(1, { createdAt: 1.5 })] },
    },
    { name: 'an empty clientId', body: { clientId: '', mutations: batch(1) } },
    {
      name: 'a clientId of 65 characters',
      body: { clientId: 'c'.repeat(65), mutations: batch(1) },
    },
    { name: 'a missing clientId', body: { mutations: batch(1) } },
  ];
  for (const { name, body } of hostile) {
    it(`rejects ${name}`, () => {
      expect(pushRequestSchema.safeParse(body).success).toBe(false);
    });
  }
});

describe('mutationResultSchema', () => {
  it('reads an applied result with its message', () => {
    const applied = {
      id: 'mutation-1',
      status: 'applied',
      appliedSeq: 12,
      message: 'Only 2 boxes were left',
    };
    expect(mutationResultSchema.parse(applied)).toEqual(applied);
  });

  it('reads an applied result without a message', () => {
    const applied = { id: 'mutation-1', status: 'applied', appliedSeq: 12, message: null };
    expect(mutationResultSchema.parse(applied)).toEqual(applied);
  });

  it('reads a rejected result with its code', () => {
    const result = mutationResultSchema.parse({
      id: 'mutation-2',
      status: 'rejected',
      appliedSeq: 12,
      code: 'sold_out',
      message: 'Sorry, this offer just sold out: no boxes are left.',
    });
    expect(result.status === 'rejected' ? result.code : null).toBe('sold_out');
  });

  it('drops a code sent with an applied result', () => {
    const result = mutationResultSchema.parse({
      id: 'mutation-1',
      status: 'applied',
      appliedSeq: 12,
      message: null,
      code: 'sold_out',
    });
    expect(result).not.toHaveProperty('code');
  });

  const malformed: { name: string; body: unknown }[] = [
    {
      name: 'a rejected result without a code',
      body: { id: 'm', status: 'rejected', appliedSeq: 1, message: 'x' },
    },
    {
      name: 'a rejected result with an unknown code',
      body: { id: 'm', status: 'rejected', appliedSeq: 1, code: 'teapot', message: 'x' },
    },
    {
      name: 'a rejected result with a null message',
      body: { id: 'm', status: 'rejected', appliedSeq: 1, code: 'sold_out', message: null },
    },
    {
      name: 'an applied result without a message',
      body: { id: 'm', status: 'applied', appliedSeq: 1 },
    },
    {
      name: 'an unknown status',
      body: { id: 'm', status: 'pending', appliedSeq: 1, message: null },
    },
    { name: 'a missing status', body: { id: 'm', appliedSeq: 1, message: null } },
    {
      name: 'a fractional appliedSeq',
      body: { id: 'm', status: 'applied', appliedSeq: 1.5, message: null },
    },
  ];
  for (const { name, body } of malformed) {
    it(`rejects ${name}`, () => {
      expect(mutationResultSchema.safeParse(body).success).toBe(false);
    });
  }
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MUTATION_NAMES, type SyncedCollection } from '@stemline/shared';
import type { HandlerOutcome } from '../kernel/mutation-handler';
import {
  assertDeclaredTouches,
  createMutationRunner,
  type MutationHandlers,
} from './mutation-registry';

/** Handlers that all report `touched` as applied, counting their calls. */
function handlersTouching(touched: SyncedCollection[]): {
  handlers: MutationHandlers;
  calls: string[];
} {
  const calls: string[] = [];
  const handlers = Object.fromEntries(
    MUTATION_NAMES.map((name) => [
      name,
      (): HandlerOutcome => {
        calls.push(name);
        return { status: 'applied', message: null, touched };
      },
    ]),
  ) as unknown as MutationHandlers;
  return { handlers, calls };
}

describe('assertDeclaredTouches', () => {
  it.each([
    ['dismiss_notices', ['orders']],
    ['add_favorite', ['favorites', 'cart_lines']],
    ['update_preferences', ['addresses']],
  ] as const)('throws when %s reports %j, outside its definition', (name, touched) => {
    expect(() => assertDeclaredTouches(name, [...touched])).toThrow(/does not list/);
  });

  it.each([
    ['place_order', ['orders', 'cart_lines', 'custom_boxes', 'notices']],
    ['delete_boxes', ['cart_lines']],
    ['update_preferences', []],
  ] as const)('accepts %s reporting %j', (name, touched) => {
    expect(() => assertDeclaredTouches(name, [...touched])).not.toThrow();
  });
});

describe('createMutationRunner', () => {
  it('throws when a handler reports a collection its definition leaves out', async () => {
    const { handlers } = handlersTouching(['orders']);
    const run = createMutationRunner(handlers);
    await expect(run('c-1', 'dismiss_notices', { keys: ['n-1'] })).rejects.toThrow(
      'dismiss_notices reported touching orders, which its definition does not list',
    );
    await expect(run('c-1', 'place_order', { card_key: 'card-1' })).resolves.toMatchObject({
      status: 'applied',
    });
  });

  it('refuses args of the wrong shape before the handler runs', async () => {
    const { handlers, calls } = handlersTouching([]);
    const run = createMutationRunner(handlers);
    await expect(run('c-1', 'add_favorite', { variety_key: '' })).rejects.toThrow(z.ZodError);
    await expect(run('c-1', 'delete_boxes', 'not an object')).rejects.toThrow(z.ZodError);
    expect(calls).toEqual([]);
  });

  it('hands the handler the args as the shared schema parsed them', async () => {
    let seen: unknown;
    const { handlers } = handlersTouching([]);
    const run = createMutationRunner({
      ...handlers,
      execute_box_changes: (_customer, args) => {
        seen = args;
        return { status: 'applied', message: null, touched: ['cart_lines'] };
      },
    });
    await run('c-1', 'execute_box_changes', { changes: [{ key: 'l-1', boxes: ' 2 ' }] });
    expect(seen).toEqual({ changes: [{ key: 'l-1', boxes: 2 }] });
  });
});

import { describe, expect, it } from 'vitest';
import { NavigationType, UNSAFE_createMemoryHistory } from 'react-router';
import { guardHistory, type RouterHistory } from './guarded-history';

/** A history at /company-details after /home, whose router has seen every move it let on. */
function setUp(typed: boolean) {
  const form = { typed };
  const memory = UNSAFE_createMemoryHistory({
    initialEntries: ['/home', '/company-details'],
    initialIndex: 1,
    v5Compat: true,
  }) as unknown as RouterHistory;
  const held: (() => void)[] = [];
  const history = guardHistory(memory, (go) => {
    if (form.typed) held.push(go);
    return form.typed;
  });
  const seen: string[] = [];
  history.listen(({ action, location }) => seen.push(`${action} ${location.pathname}`));
  return { memory, history, held, seen, form };
}

describe('guardHistory', () => {
  it('lets every move on while nothing is typed', () => {
    const { history, held, seen } = setUp(false);
    history.push('/orders');
    history.go(-1);
    expect(held).toEqual([]);
    expect(seen).toEqual(['PUSH /orders', 'POP /company-details']);
  });

  it('holds a link to another page, and makes it only when told to go on', () => {
    const { memory, history, held, seen } = setUp(true);
    history.push('/orders');
    expect(memory.location.pathname).toBe('/company-details');
    expect(seen).toEqual([]);
    held[0]?.();
    expect(memory.location.pathname).toBe('/orders');
    expect(seen).toEqual(['PUSH /orders']);
  });

  it('never holds a change of search or hash on the same page', () => {
    const { history, held, seen } = setUp(true);
    history.replace('/company-details?date=20261130');
    history.push({ hash: '#main' });
    history.push('?date=20261201');
    expect(held).toEqual([]);
    expect(seen).toEqual([
      'REPLACE /company-details',
      'PUSH /company-details',
      'PUSH /company-details',
    ]);
  });

  it('undoes a held Back unseen, and goes back when told to, not to a new entry', () => {
    const { memory, history, held, seen, form } = setUp(true);
    history.go(-1);
    expect(memory.location.pathname).toBe('/company-details');
    expect(seen).toEqual([]);
    expect(held).toHaveLength(1);

    held[0]?.();
    expect(memory.location.pathname).toBe('/home');
    expect(seen).toEqual([`${NavigationType.Pop} /home`]);
    form.typed = false;
    history.go(1);
    expect(memory.location.pathname).toBe('/company-details');
  });

  it('holds a Back again after one that was answered with staying', () => {
    const { memory, history, held } = setUp(true);
    history.go(-1);
    history.go(-1);
    expect(held).toHaveLength(2);
    expect(memory.location.pathname).toBe('/company-details');
  });
});

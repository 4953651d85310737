import { describe, expect, it } from 'vitest';
import { createPicturesAhead } from './pictures-ahead';

/** A queue whose idle callbacks and fetches run only when the test says so. */
function setup() {
  const scheduled: (() => void)[] = [];
  const loading = new Map<string, () => void>();
  const fetched: string[] = [];
  const ahead = createPicturesAhead({
    schedule: (run) => scheduled.push(run),
    fetch: (url, done) => {
      fetched.push(url);
      loading.set(url, done);
    },
  });
  /** Lets the page go idle once (the next fetch, if any, starts). */
  const idle = () => scheduled.shift()?.();
  /** The picture at `url` finishes loading. */
  const load = (url: string) => {
    loading.get(url)?.();
    loading.delete(url);
  };
  return { ahead, idle, load, fetched };
}

describe('pictures fetched ahead', () => {
  it('fetches one at a time, first asked first, each when the page is idle', () => {
    const { ahead, idle, load, fetched } = setup();
    ahead.ask('/a.svg');
    ahead.ask('/b.svg');
    expect(fetched).toEqual([]);
    idle();
    expect(fetched).toEqual(['/a.svg']);
    idle();
    expect(fetched).toEqual(['/a.svg']);
    load('/a.svg');
    idle();
    expect(fetched).toEqual(['/a.svg', '/b.svg']);
  });

  it('skips a picture whose only request was taken back before its turn', () => {
    const { ahead, idle, load, fetched } = setup();
    ahead.ask('/a.svg');
    const takeBack = ahead.ask('/b.svg');
    ahead.ask('/c.svg');
    idle();
    takeBack();
    load('/a.svg');
    idle();
    expect(fetched).toEqual(['/a.svg', '/c.svg']);
  });

  it('keeps a picture two cards asked for when one of them leaves', () => {
    const { ahead, idle, load, fetched } = setup();
    ahead.ask('/a.svg');
    const first = ahead.ask('/shared.svg');
    ahead.ask('/shared.svg');
    first();
    expect(ahead.waiting).toBe(2);
    idle();
    load('/a.svg');
    idle();
    expect(fetched).toEqual(['/a.svg', '/shared.svg']);
  });

  it('drops a shared picture once every card that asked has taken its request back', () => {
    const { ahead, idle, fetched } = setup();
    const first = ahead.ask('/shared.svg');
    const second = ahead.ask('/shared.svg');
    first();
    second();
    expect(ahead.waiting).toBe(0);
    idle();
    expect(fetched).toEqual([]);
  });

  it('a request taken back after its picture was fetched does not cancel a newer one', () => {
    const { ahead, idle, load, fetched } = setup();
    const old = ahead.ask('/a.svg');
    idle();
    load('/a.svg');
    ahead.ask('/b.svg');
    ahead.ask('/a.svg');
    old();
    expect(ahead.waiting).toBe(2);
    idle();
    load('/b.svg');
    idle();
    expect(fetched).toEqual(['/a.svg', '/b.svg', '/a.svg']);
  });
});

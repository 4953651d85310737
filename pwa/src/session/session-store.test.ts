import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@stemline/shared';
import type * as SessionStoreModule from './session-store';

/** A Storage kept in memory, as the browser's localStorage and sessionStorage behave. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  keys(): string[] {
    return [...this.items.keys()];
  }
}

const userOf = (key: string, email: string, fromManager = false): User => ({
  key,
  id: key,
  email,
  first_name: 'Rosa',
  last_name: 'Diaz',
  role: 'florist',
  metadata: {
    customer: `customer-${key}`,
    customer_name: 'Diaz Flowers',
    n_orders: 0,
    guest: false,
    preferences: '{}',
    from_manager: fromManager,
  },
});

/** Another tab changing localStorage: the browser fires `storage` here with the key. */
function storageEventFromOtherTab(key: string | null): Event {
  return Object.assign(new Event('storage'), { key });
}

let local: MemoryStorage;
let session: MemoryStorage;
let tabWindow: EventTarget;
let store: typeof SessionStoreModule;

beforeEach(async () => {
  vi.resetModules();
  local = new MemoryStorage();
  session = new MemoryStorage();
  tabWindow = new EventTarget();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('window', tabWindow);
  // As boot.tsx does before a start with a stored session renders.
  await (await import('../storage/start-schemas-loader')).loadStartSchemas();
  store = await import('./session-store');
});

describe('session store: before the start schemas have loaded', () => {
  it('reads a stored session as none until its schema is there, then tells listeners', async () => {
    vi.resetModules();
    const fresh = await import('./session-store');
    const loader = await import('../storage/start-schemas-loader');
    local.setItem('token', 'stored-token');
    local.setItem('stemline.user', JSON.stringify(userOf('u1', 'florist@stemline.test')));
    const heard = vi.fn();
    fresh.sessionStore.subscribe(heard);

    expect(fresh.hasStoredSession()).toBe(true);
    expect(fresh.sessionStore.get()).toBeNull();
    await loader.loadStartSchemas();

    expect(heard).toHaveBeenCalled();
    expect(fresh.sessionStore.get()?.user.key).toBe('u1');
  });
});

describe('session store: device sessions', () => {
  it('keeps a normal sign-in in localStorage (spec §9 keys) for every tab', () => {
    store.sessionStore.signIn('device-token', userOf('u1', 'florist@stemline.test'));
    expect(local.getItem('token')).toBe('device-token');
    expect(local.getItem('user_key')).toBe('u1');
    expect(local.getItem('last_email_used')).toBe('florist@stemline.test');
    expect(session.length).toBe(0);
    expect(store.sessionStore.scope()).toBe('device');
    expect(store.sessionStore.get()?.token).toBe('device-token');
  });

  it('hears sign-ins and sign-outs of other tabs', () => {
    const heard = vi.fn();
    store.sessionStore.subscribe(heard);
    local.setItem('token', 'other-tab-token');
    local.setItem('stemline.user', JSON.stringify(userOf('u2', 'newbuyer@stemline.test')));
    tabWindow.dispatchEvent(storageEventFromOtherTab('token'));
    expect(heard).toHaveBeenCalledTimes(1);
    expect(store.sessionStore.get()?.user.key).toBe('u2');
  });
});

describe('session store: login-as tab sessions are skipped by local-storage syncing', () => {
  it('writes nothing to localStorage and leaves the device’s own session there untouched', () => {
    store.sessionStore.signIn('staff-device-token', userOf('staff', 'manager@stemline.test'));
    const before = new Map(local.keys().map((key) => [key, local.getItem(key)]));

    store.sessionStore.signIn('login-as-token', userOf('u1', 'florist@stemline.test', true), 'tab');

    expect(new Map(local.keys().map((key) => [key, local.getItem(key)]))).toEqual(before);
    expect(session.getItem(store.TAB_SESSION_KEY)).toContain('login-as-token');
    expect(store.sessionStore.scope()).toBe('tab');
    expect(store.sessionStore.get()?.token).toBe('login-as-token');
    expect(store.sessionStore.get()?.user.email).toBe('florist@stemline.test');
  });

  it('ignores localStorage changes made by other tabs while it holds the session', () => {
    store.sessionStore.signIn('login-as-token', userOf('u1', 'florist@stemline.test', true), 'tab');
    const heard = vi.fn();
    store.sessionStore.subscribe(heard);
    local.setItem('token', 'someone-else');
    local.setItem('stemline.user', JSON.stringify(userOf('u9', 'other@stemline.test')));
    tabWindow.dispatchEvent(storageEventFromOtherTab('token'));
    local.clear();
    tabWindow.dispatchEvent(storageEventFromOtherTab(null));
    expect(heard).not.toHaveBeenCalled();
    expect(store.sessionStore.get()?.token).toBe('login-as-token');
  });

  it('keeps a refreshed user of the login-as session in the tab (no scope given)', () => {
    store.sessionStore.signIn('login-as-token', userOf('u1', 'florist@stemline.test', true), 'tab');
    store.sessionStore.signIn('fresh-token', userOf('u1', 'florist@stemline.test', true));
    expect(local.length).toBe(0);
    expect(store.sessionStore.get()?.token).toBe('fresh-token');
  });

  it('logging out of the tab session forgets only it: the device session stays', () => {
    store.sessionStore.signIn('staff-device-token', userOf('staff', 'manager@stemline.test'));
    store.sessionStore.signIn('login-as-token', userOf('u1', 'florist@stemline.test', true), 'tab');
    store.sessionStore.signOut();
    expect(session.getItem(store.TAB_SESSION_KEY)).toBeNull();
    expect(local.getItem('token')).toBe('staff-device-token');
    expect(store.sessionStore.scope()).toBe('device');
  });

  it('a damaged tab session reads as signed out, never as the device session', () => {
    store.sessionStore.signIn('device-token', userOf('u1', 'florist@stemline.test'));
    session.setItem(store.TAB_SESSION_KEY, '{"token":');
    expect(store.sessionStore.get()).toBeNull();
    expect(store.sessionStore.scope()).toBe('tab');
  });
});

describe('session store: expiry', () => {
  it('a 401 for a token the session already replaced (password change) keeps the session', () => {
    store.sessionStore.signIn('old-token', userOf('u1', 'florist@stemline.test'));
    store.sessionStore.signIn('fresh-token', userOf('u1', 'florist@stemline.test'));
    store.sessionStore.expire('old-token');
    expect(store.sessionStore.get()?.token).toBe('fresh-token');
    expect(store.sessionStore.wasExpired()).toBe(false);
  });

  it('a 401 for the old token while a password change is answered keeps the session', async () => {
    store.sessionStore.signIn('old-token', userOf('u1', 'florist@stemline.test'));
    await store.sessionStore.withTokenSwap(async () => {
      // The server ended the old token; a sync call made with it is refused first.
      store.sessionStore.expire('old-token');
      expect(store.sessionStore.get()?.token).toBe('old-token');
      await Promise.resolve();
      store.sessionStore.signIn('fresh-token', userOf('u1', 'florist@stemline.test'));
    });
    expect(store.sessionStore.get()?.token).toBe('fresh-token');
    expect(store.sessionStore.wasExpired()).toBe(false);
  });

  it('a 401 held during a password change that failed signs out once it is done', async () => {
    store.sessionStore.signIn('old-token', userOf('u1', 'florist@stemline.test'));
    const failed = store.sessionStore.withTokenSwap(async () => {
      store.sessionStore.expire('old-token');
      await Promise.resolve();
      throw new Error('offline');
    });
    await expect(failed).rejects.toThrow('offline');
    expect(store.sessionStore.get()).toBeNull();
    expect(store.sessionStore.wasExpired()).toBe(true);
  });

  it('a 401 for the current token signs out and remembers why', () => {
    store.sessionStore.signIn('current-token', userOf('u1', 'florist@stemline.test'));
    store.sessionStore.expire('current-token');
    expect(store.sessionStore.get()).toBeNull();
    expect(store.sessionStore.wasExpired()).toBe(true);
    expect(local.getItem('token')).toBeNull();
  });

  it('a refusal the buyer was not told of outlasts a reload of the tab, until told', async () => {
    store.sessionStore.signIn('current-token', userOf('u1', 'florist@stemline.test'));
    store.sessionStore.expire('current-token');
    vi.resetModules();
    const reloaded = (await import('./session-store')).sessionStore;
    expect(reloaded.get()).toBeNull();
    expect(reloaded.wasExpired()).toBe(true);
    reloaded.toldOfExpiry();
    expect(reloaded.wasExpired()).toBe(false);
  });

  it('signing in again forgets a refusal not yet told', () => {
    store.sessionStore.signIn('current-token', userOf('u1', 'florist@stemline.test'));
    store.sessionStore.expire('current-token');
    store.sessionStore.signIn('next-token', userOf('u1', 'florist@stemline.test'));
    expect(store.sessionStore.wasExpired()).toBe(false);
  });
});

describe('session store: what outlasts a session', () => {
  const JOURNALED = 'stemline.outbox-journal.account_c1.m-1';
  const OTHER_JOURNALED = 'stemline.outbox-journal.account_c2.m-7';

  it('an expiry ends only the session: its outbox journal and the rest of the device stay', () => {
    store.sessionStore.signIn('current-token', userOf('u1', 'florist@stemline.test'));
    // An add whose outbox write was under way as the server refused the session.
    local.setItem(JOURNALED, '{"id":"m-1"}');
    local.setItem('stemline.client_id', 'device-1');
    store.sessionStore.expire('current-token');

    expect(store.sessionStore.get()).toBeNull();
    expect(local.getItem('token')).toBeNull();
    expect(local.getItem('user_key')).toBeNull();
    expect(local.getItem('stemline.user')).toBeNull();
    expect(local.getItem(JOURNALED)).toBe('{"id":"m-1"}');
    expect(local.getItem('stemline.client_id')).toBe('device-1');
    expect(store.sessionStore.lastEmail()).toBe('florist@stemline.test');
  });

  it('a logout clears the device but the last email used and unsent intents of accounts', () => {
    store.sessionStore.signIn('current-token', userOf('u1', 'florist@stemline.test'));
    local.setItem(JOURNALED, '{"id":"m-1"}');
    // Another account's, whose session expired earlier on this device: its copy is kept.
    local.setItem(OTHER_JOURNALED, '{"id":"m-7"}');
    local.setItem('stemline.client_id', 'device-1');
    store.sessionStore.signOut();

    expect(store.sessionStore.get()).toBeNull();
    expect(local.keys().sort()).toEqual(['last_email_used', JOURNALED, OTHER_JOURNALED].sort());
    expect(store.sessionStore.lastEmail()).toBe('florist@stemline.test');
  });
});

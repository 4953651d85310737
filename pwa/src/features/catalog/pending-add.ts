/**
 * The Add a visitor pressed before being asked to log in: kept in memory while they log in (or
 * sign up), carried out once a session has come (auth/pending-add-runner.tsx), forgotten when
 * they close the log-in without signing in. Loads with the catalogue's first screen, so it holds
 * only the price row's keys; the add itself loads with the log-in.
 */
export interface PendingAdd {
  inventoryKey: number;
  varietyKey: string;
  growerKey: string;
  length: number;
  /** The price row as the Add button names it: variety, length and farm. */
  label: string;
  quantity: number;
  /** The delivery date chosen when Add was pressed (yyyyMMdd), or null. */
  etaDate: number | null;
}

let pending: PendingAdd | null = null;
const listeners = new Set<() => void>();

function set(next: PendingAdd | null): void {
  if (next === pending) return;
  pending = next;
  for (const listener of listeners) listener();
}

export const pendingAdd = {
  get: (): PendingAdd | null => pending,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Keeps `add` in place of any earlier one: the last Add pressed is the one wanted. */
  remember: (add: PendingAdd): void => set(add),
  /** The pending add, no longer pending (so it is carried out once). */
  take: (): PendingAdd | null => {
    const add = pending;
    set(null);
    return add;
  },
  forget: (): void => set(null),
};

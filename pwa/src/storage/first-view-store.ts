/**
 * First views of the catalogue (features/catalog/first-view.ts), kept in localStorage: index.html
 * reads one synchronously while the page is still parsing, before any code has loaded, which
 * IndexedDB (a connection, then a request) cannot match. Each view's markup is one item,
 * `stemline.firstView:<key>`; `stemline.firstViews` lists the kept ones, newest last, with their
 * date. A few views only (about 100 kB each): the oldest go first, and a full storage simply keeps
 * none. index.html builds the item name the same way: keep both in step.
 */

export interface FirstViewRecord {
  /** `firstViewKey(user, path, search)`. */
  key: string;
  date: number;
  html: string;
}

interface Entry {
  key: string;
  date: number;
}

const ITEM_PREFIX = 'stemline.firstView:';
const INDEX = 'stemline.firstViews';
const MAX_VIEWS = 4;

function entries(): Entry[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(INDEX) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (entry): entry is Entry =>
            typeof entry === 'object' &&
            entry !== null &&
            typeof (entry as Entry).key === 'string' &&
            typeof (entry as Entry).date === 'number',
        )
      : [];
  } catch {
    return [];
  }
}

function keep(list: readonly Entry[], removed: readonly Entry[]): void {
  for (const entry of removed) localStorage.removeItem(ITEM_PREFIX + entry.key);
  localStorage.setItem(INDEX, JSON.stringify(list));
}

/** Keeps a view's first screen, dropping the oldest views beyond the few kept. */
export function saveFirstViewRecord(view: FirstViewRecord): void {
  const others = entries().filter((entry) => entry.key !== view.key);
  const dropped = others.slice(0, Math.max(0, others.length - (MAX_VIEWS - 1)));
  const list = [...others.slice(dropped.length), { key: view.key, date: view.date }];
  keep(list, dropped);
  try {
    localStorage.setItem(ITEM_PREFIX + view.key, view.html);
  } catch {
    // A full storage: this view simply opens without its head start.
    keep(
      list.filter((entry) => entry.key !== view.key),
      [],
    );
  }
}

/** Forgets the first views of a date (its copy changed), or all of them. */
export function dropFirstViews(date?: number): void {
  const list = entries();
  const gone = list.filter((entry) => date === undefined || entry.date === date);
  if (gone.length === 0) return;
  keep(
    list.filter((entry) => !gone.includes(entry)),
    gone,
  );
}

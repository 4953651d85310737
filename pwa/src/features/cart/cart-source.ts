import { combineLatest, distinctUntilChanged, map, scan, shareReplay, type Observable } from 'rxjs';
import { mutationSubject, overlayCart, type CartLine } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import type { MutationDoc } from '../../storage/account-schemas';
import { linesOfPages } from '../../storage/cart-pages';
import { forgetWritten, unwrittenChanges, unwrittenMutations } from '../../sync/outbox';
import { stableCartView, type CartView } from './stable-cart-view';

const EMPTY: CartView = { lines: [], pendingCount: 0, problems: [], loaded: false };

const sources = new WeakMap<AccountDb, Observable<CartView>>();

/**
 * One live query of the cart per database, shared by every component that shows the cart (the
 * header, the catalogue, checkout), so a write is read and converted once, not once per viewer.
 * Documents are converted once per revision: RxDB hands out the same document object until it
 * changes, so a pull of 500 new lines converts the pages holding them (storage/cart-pages.ts),
 * not the whole cart again. Intents still being written to the outbox are shown too, so a tap
 * paints before IndexedDB has answered. The
 * view is computed here, once, and only emitted when something on screen changes.
 */
export function cartSource(db: AccountDb): Observable<CartView> {
  let source = sources.get(db);
  if (!source) {
    const plain = new WeakMap<object, unknown>();
    const toPlain = <T>(doc: { toMutableJSON(): T }): T => {
      let value = plain.get(doc) as T | undefined;
      if (value === undefined) {
        value = doc.toMutableJSON();
        plain.set(doc, value);
      }
      return value;
    };
    source = combineLatest([
      db.cart_lines.find().$,
      db.mutations.find({ sort: [{ createdAt: 'asc' }] }).$,
      db.sync_state.findOne('cart_lines').$,
      unwrittenChanges(db),
    ]).pipe(
      map(([pages, mutations, state]) => {
        const unwritten = unwrittenMutations(db);
        const stored = mutations.map((doc) => toPlain(doc));
        const ids = new Set(stored.map((mutation) => mutation.id));
        const writing = unwritten.filter((mutation) => !ids.has(mutation.id));
        if (writing.length < unwritten.length) forgetWritten(db, ids);
        return toView(
          linesOfPages(pages.map((doc) => toPlain(doc))),
          writing.length > 0 ? [...stored, ...writing] : stored,
          state?.checkpoint ?? 0,
        );
      }),
      scan(stableCartView, EMPTY),
      distinctUntilChanged(),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
    sources.set(db, source);
  }
  return source;
}

function toView(
  lines: readonly (CartLine & { seq: number })[],
  mutations: readonly MutationDoc[],
  checkpoint: number,
): CartView {
  return {
    lines: overlayCart(lines, mutations, checkpoint),
    pendingCount: mutations.filter((m) => m.status === 'pending').length,
    // Only the cart's own: every other screen's answers are told about that screen
    // (shell/mutation-announcer.tsx, and the address and shopping-list announcers).
    problems: mutations.filter(
      (m) =>
        mutationSubject(m.name).about === 'cart' &&
        (m.status === 'rejected' || (m.status === 'applied' && m.message)),
    ),
    loaded: true,
  };
}

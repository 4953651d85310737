import { combineLatest, map, shareReplay, type Observable } from 'rxjs';
import {
  overlayShoppingLists,
  SHOPPING_LIST_MUTATION_NAMES,
  type VisibleShoppingList,
} from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import type { MutationDoc } from '../../storage/account-schemas';
import { useObservable } from '../../storage/use-observable';

export interface ShoppingListsView {
  lists: VisibleShoppingList[];
  /** List mutations the server refused, or a run it answered: the buyer must read these. */
  answers: MutationDoc[];
  /** Keys of the lists with a run still waiting in the outbox (not answered by the server). */
  runsWaiting: ReadonlySet<string>;
  loaded: boolean;
}

const EMPTY: ShoppingListsView = { lists: [], answers: [], runsWaiting: new Set(), loaded: false };

/** The list a queued run is of. */
const runListKey = (run: MutationDoc): unknown => (run.args as { list_key?: unknown }).list_key;
const sources = new WeakMap<AccountDb, Observable<ShoppingListsView>>();

/**
 * One live view of an account's shopping lists per database: the pulled lists with the queued
 * list mutations laid over them (shared's overlay, the server's own rules), so a list made or
 * edited offline shows at once and stays after a reload.
 */
function listsSource(db: AccountDb): Observable<ShoppingListsView> {
  let source = sources.get(db);
  if (!source) {
    source = combineLatest([
      db.shopping_lists.find().$,
      db.mutations.find({
        selector: { name: { $in: [...SHOPPING_LIST_MUTATION_NAMES] } },
        sort: [{ createdAt: 'asc' }],
      }).$,
      db.sync_state.findOne('shopping_lists').$,
    ]).pipe(
      map(([docs, mutations, state]) => {
        const outbox = mutations.map((doc) => doc.toMutableJSON());
        return {
          lists: overlayShoppingLists(
            docs.map((doc) => doc.toMutableJSON()),
            outbox,
            state?.checkpoint ?? 0,
          ),
          answers: outbox.filter(
            (m) =>
              m.status === 'rejected' || (m.name === 'run_shopping_list' && m.status === 'applied'),
          ),
          runsWaiting: new Set(
            outbox
              .filter((m) => m.name === 'run_shopping_list' && m.status === 'pending')
              .map(runListKey)
              .filter((key) => typeof key === 'string'),
          ),
          loaded: true,
        };
      }),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
    sources.set(db, source);
  }
  return source;
}

/** The shopping lists on this device now, newest first; empty without an account. */
export function useShoppingLists(db: AccountDb | null): ShoppingListsView {
  return useObservable(() => (db ? listsSource(db) : undefined), EMPTY, [db]);
}

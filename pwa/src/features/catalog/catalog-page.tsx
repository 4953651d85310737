import { memo, useCallback, useDeferredValue, useLayoutEffect, useMemo, useState } from 'react';
import {
  catalogMessages,
  CLEARED_FILTERS,
  farmMessages,
  formatEtaDate,
  hasActiveFilters,
  type CatalogQuery,
  type SearchTextReplacement,
} from '@stemline/shared';
import { serverClock } from '../../api/server-clock';
import { useAccountDb } from '../../session/account-context';
import { useSession } from '../../session/use-session';
import { useSyncReachable } from '../../sync/use-sync-status';
import { Button, EmptyState } from '../../ui';
import { useOpenLogin } from '../auth/login-modal-context';
import { useCart } from '../cart/use-cart';
import { DeliveryBar } from '../delivery';
import { AddToListHost } from '../shopping-lists/add-to-list-host';
import {
  CatalogActionsContext,
  CatalogCartContext,
  createCatalogCartLines,
  type AddToListRequest,
  type CatalogActions,
} from './catalog-actions';
import { CatalogList } from './catalog-list';
import { CatalogSearchField } from './catalog-search-field';
import { CatalogSkeleton } from './catalog-skeleton';
import { CatalogToolbar } from './catalog-toolbar';
import type { CatalogModel } from './catalog-model';
import type { ClosedDate } from './closed-date';
import type { CatalogEntry } from './catalog-view';
import { FiltersArea } from './filters-area';
import { useRequestDeliveryDate } from './delivery-date-request';
import { ProductDetailHost, usePreloadProductDetail } from './product-detail-host';
import { StockAge } from './stock-age';
import { useCatalog } from './use-catalog';
import { useCatalogDate } from './use-catalog-date';
import { useCatalogEntries } from './use-catalog-entries';
import { useCatalogModel } from './use-catalog-model';
import { useCatalogHead } from './use-catalog-head';
import { useCatalogPreview, type ShownPreview } from './use-catalog-preview';
import { useCatalogQuery, type UpdateCatalogQuery } from './use-catalog-query';
import { useFavoriteKeys } from './use-favorite-keys';
import { useFirstView } from './use-first-view';
import { useDetailParam } from './use-detail-param';
import { useFarmPreferences } from './use-farm-preferences';
import { useSearchReplacements } from './use-search-replacements';
import { useLatestCallback } from './use-latest-callback';
import { VarietyCard } from './variety-card';
import type { PictureMode } from './variety-image';
import './catalog.css';
import './farm-preferences.css';

// Memoised here: the page's content renders once per search keystroke, and these do not depend on it.
const CatalogDeliveryBar = memo(DeliveryBar);
const CatalogFiltersArea = memo(FiltersArea);
const CatalogStockAge = memo(StockAge);

/**
 * The catalogue of a delivery date (spec §2 Catalog): search, filters, sort, browse mode and
 * view, all in the URL; the list windowed; a product's detail in a dialog. Visitors browse it
 * without prices.
 *
 * This part holds what a search keystroke does not change (session, the date's copy and its
 * model, cart, actions); CatalogContent holds the search text, so a keystroke renders only it.
 */
export function CatalogPage({ title }: { title: string }) {
  const session = useSession();
  const db = useAccountDb();
  // Only reachability: the whole status changes twice per sync cycle, and this page is large.
  const reachable = useSyncReachable();
  const openLogin = useOpenLogin();
  const [query, update] = useCatalogQuery();
  const date = useCatalogDate(query.date);
  const catalog = useCatalog(date.browse, reachable);
  const farms = useFarmPreferences(session?.user.metadata.customer, reachable);
  const favoriteKeys = useFavoriteKeys(db);
  const model = useCatalogModel(catalog.copy, farms, query, favoriteKeys);
  const preview = useCatalogPreview(catalog.copy, farms, query, favoriteKeys, model === null);
  // A visitor's first visit: the head of the copy paints the first cards while it downloads.
  const head = useCatalogHead(
    date.browse,
    query,
    favoriteKeys,
    session === null && model === null,
    catalog.copy === undefined && !catalog.loadingCache,
  );
  const replacements = useSearchReplacements(reachable);
  const [detailKey, openDetails, closeDetails] = useDetailParam();
  const calendar = useRequestDeliveryDate();
  usePreloadProductDetail();
  // Deferred: the header paints a tap's new cart count at once; the cards' in-cart marks follow
  // in a background render instead of holding that frame back.
  const cart = useDeferredValue(useCart(db));
  const isCustomer = Boolean(session?.user.metadata.customer);

  const cartByOffer = useMemo(
    () =>
      new Map(
        cart.lines
          .filter((line) => line.eta_date === date.chosen)
          .map((line) => [line.inventory_key, line]),
      ),
    [cart.lines, date.chosen],
  );
  const [cartLines] = useState(createCatalogCartLines);
  useLayoutEffect(() => cartLines.set(cartByOffer), [cartLines, cartByOffer]);
  // The stock's age on the server's clock, to compare with the cart lines' times (offer-status).
  // The clock's offset moves by the round trip's few milliseconds with every answer; counted in
  // whole seconds, it keeps the actions (and so every card) the same across a cart's sync.
  const fetchedAt = catalog.copy?.fetchedAt;
  const pricesHidden = catalog.copy?.pricesHidden === true;
  const offsetSeconds = Math.round(serverClock.offset() / 1000);
  const stockAsOf = useMemo(
    () => (fetchedAt === undefined ? undefined : fetchedAt + offsetSeconds * 1000),
    [fetchedAt, offsetSeconds],
  );
  // Stable identities keep the actions, and so every card, the same across keystrokes.
  const requestDeliveryDate = useLatestCallback(() => calendar?.());
  const askToLogIn = useLatestCallback(openLogin);
  const [listRequest, setListRequest] = useState<AddToListRequest | null>(null);
  const openAddToList = useLatestCallback((request: AddToListRequest) =>
    isCustomer ? setListRequest(request) : openLogin('other'),
  );
  const actions = useMemo(
    (): CatalogActions => ({
      db,
      etaDate: date.chosen,
      pricesVisible: isCustomer && !pricesHidden,
      openLogin: askToLogIn,
      requestDeliveryDate,
      openDetails,
      openAddToList,
      stockAsOf,
    }),
    [
      db,
      date.chosen,
      isCustomer,
      pricesHidden,
      askToLogIn,
      requestDeliveryDate,
      openDetails,
      openAddToList,
      stockAsOf,
    ],
  );
  // Formats with Intl; kept, so CatalogContent's props stay the same while nothing changed.
  const dateLabel = useMemo(
    () => (date.browse === null ? '' : formatEtaDate(date.browse)),
    [date.browse],
  );
  return (
    <CatalogActionsContext value={actions}>
      <CatalogCartContext value={cartLines}>
        <CatalogContent
          title={title}
          query={query}
          update={update}
          fetchedAt={fetchedAt}
          loadingCache={catalog.loadingCache}
          building={catalog.copy !== undefined && model === null}
          refreshing={catalog.refreshing}
          error={catalog.error}
          model={model}
          preview={preview ?? head}
          replacements={replacements}
          signedIn={session !== null}
          reachable={reachable}
          browseDate={date.browse}
          dateLabel={dateLabel}
          dateChosen={date.chosen !== null}
          closed={date.closed}
          chooseDate={requestDeliveryDate}
          cartMarks={cartByOffer.size}
        />
        {model && detailKey !== null && (
          <ProductDetailHost
            model={model}
            varietyKey={detailKey}
            query={query}
            onClose={closeDetails}
          />
        )}
        {listRequest && (
          <AddToListHost request={listRequest} db={db} onClose={() => setListRequest(null)} />
        )}
      </CatalogCartContext>
    </CatalogActionsContext>
  );
}

interface CatalogContentProps {
  title: string;
  query: CatalogQuery;
  update: UpdateCatalogQuery;
  /** Of the date's copy on this device (see CatalogState). */
  fetchedAt: number | undefined;
  loadingCache: boolean;
  refreshing: boolean;
  /** The page has a copy of the date and is building its model from it. */
  building: boolean;
  error: string | null;
  model: CatalogModel | null;
  /**
   * The worker's first screen, or the head's on a first visit (use-catalog-head.ts), shown until
   * the model is built (use-catalog-preview.ts).
   */
  preview: ShownPreview | null;
  replacements: readonly SearchTextReplacement[];
  signedIn: boolean;
  reachable: boolean;
  browseDate: number | null;
  dateLabel: string;
  /** False while the buyer has not chosen a delivery date: the list shows the first date's. */
  dateChosen: boolean;
  /** Opens the delivery-date calendar. */
  chooseDate: () => void;
  /** Why the URL's date has no delivery: shown instead of its offers. */
  closed: ClosedDate | null;
  /** How many of the date's offers are in the cart (the saved first view shows their marks). */
  cartMarks: number;
}

/**
 * The page itself: header, filters and the list of what the search and filters give. Its props
 * are plain values or kept objects, so its memo holds when the outer part renders (a cart change).
 */
const CatalogContent = memo(function CatalogContent({
  title,
  query,
  update,
  fetchedAt,
  loadingCache,
  refreshing,
  building,
  error,
  model,
  preview,
  replacements,
  signedIn,
  reachable,
  browseDate,
  dateLabel,
  dateChosen,
  chooseDate,
  closed,
  cartMarks,
}: CatalogContentProps) {
  // The search field keeps its own text and tells this one (catalog-search-field).
  const [search, setSearch] = useState(query.search);
  const db = useAccountDb();
  const favoriteKeys = useFavoriteKeys(db);
  const { order, visible, varietyCount, facets, entryCount, shown, blockedOffers, disclaimers } =
    useCatalogEntries(model, preview, query, search, replacements, favoriteKeys);
  const renderEntry = useCallback(
    (entry: CatalogEntry, picture: PictureMode, lead: boolean) => (
      <VarietyCard
        entry={entry}
        view={query.view}
        disclaimers={disclaimers}
        picture={picture}
        lead={lead}
      />
    ),
    [query.view, disclaimers],
  );
  // Formats with Intl, which is slow enough to matter on every keystroke.
  const countLabel = useMemo(
    () =>
      dateChosen
        ? catalogMessages.varietyCount(varietyCount, dateLabel)
        : catalogMessages.varieties(varietyCount),
    [varietyCount, dateLabel, dateChosen],
  );
  const filtered = hasActiveFilters(query);
  // The page shows its own state (list, empty or error) once it has a list or nothing to wait for.
  const waiting = loadingCache || refreshing || building;
  useFirstView(
    shown || !waiting,
    browseDate,
    `${query.view}|${visible.length}|${visible[0]?.key}|${cartMarks}|${fetchedAt}`,
  );
  return (
    <section className="catalog" aria-labelledby="catalog-title">
      <header className="catalog__header">
        <h1 id="catalog-title">{title}</h1>
        <div className="catalog__controls">
          <CatalogDeliveryBar />
          <CatalogSearchField urlSearch={query.search} update={update} onSearch={setSearch} />
        </div>
        <div className="catalog__status">
          <CatalogStockAge fetchedAt={fetchedAt} refreshing={refreshing} reachable={reachable} />
          {error && signedIn && (
            <p role="alert" className="catalog__error">
              {error}
            </p>
          )}
        </div>
      </header>
      <div className="catalog__layout">
        <CatalogFiltersArea
          facets={facets}
          filters={order}
          update={update}
          resultCount={varietyCount}
          favorites={db ? order.favorites : null}
        />
        {/* The target of the shell's 'Skip to products' link (shell/skip-link.tsx). */}
        <div className="catalog__results" id="products" tabIndex={-1}>
          {/* The cards' h3s need an h2 above them; on phones there is no 'Filters' sidebar. */}
          <h2 className="sl-visually-hidden">Products</h2>
          <div className="catalog__results-bar">
            <div className="catalog__count-line">
              <p className="catalog__count" aria-live="polite">
                {shown && !closed && countLabel}
              </p>
              {shown && blockedOffers > 0 && (
                <p className="catalog__blocked-note" data-testid="blocked-farms-note">
                  {farmMessages.blockedOffersHidden(blockedOffers)}
                </p>
              )}
              {signedIn && !dateChosen && (
                <p className="catalog__date-note">
                  {/* No-break spaces: a phone wrapped inside the date ('Tue, / Dec 8'). */}
                  {catalogMessages.pricesForFirstDate(dateLabel.replaceAll(' ', '\u00a0'))} —{' '}
                  <Button variant="quiet" size="sm" onPress={chooseDate}>
                    {catalogMessages.chooseYourDate}
                  </Button>
                </p>
              )}
            </div>
            <CatalogToolbar
              sortBy={order.sortBy}
              mode={order.mode}
              view={query.view}
              update={update}
            />
          </div>
          {closed ? (
            closed(chooseDate)
          ) : !shown ? (
            waiting ? (
              <CatalogSkeleton view={query.view} />
            ) : !signedIn ? (
              <EmptyState title={catalogMessages.logInToSeePrices}>
                Log in to browse the catalogue with live prices from the farms.
              </EmptyState>
            ) : (
              <EmptyState title="This date is not on this device yet">
                {reachable
                  ? 'We could not load the catalogue. Please try again.'
                  : 'Connect once to download this date; it then opens offline.'}
              </EmptyState>
            )
          ) : visible.length === 0 && order.favorites && favoriteKeys.size === 0 ? (
            <EmptyState
              title={catalogMessages.noFavorites}
              action={
                <Button variant="secondary" onPress={() => update({ favorites: false })}>
                  {catalogMessages.clearFilters}
                </Button>
              }
            >
              {catalogMessages.noFavoritesHint}
            </EmptyState>
          ) : visible.length === 0 ? (
            <EmptyState
              title={catalogMessages.noMatches}
              action={
                filtered ? (
                  <Button variant="secondary" onPress={() => update(CLEARED_FILTERS)}>
                    {catalogMessages.clearFilters}
                  </Button>
                ) : undefined
              }
            >
              {catalogMessages.noMatchesHint}
            </EmptyState>
          ) : (
            <CatalogList
              entries={visible}
              view={query.view}
              resetKey={`${entryCount}:${order.sortBy}:${order.mode}:${search}`}
              renderEntry={renderEntry}
            />
          )}
        </div>
      </div>
    </section>
  );
});

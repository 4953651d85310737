import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  autoDeliveryDate,
  formatEtaDate,
  marketToday,
  nextWeekdays,
  parseEtaDate,
  toEtaDate,
} from '@stemline/shared';
import { useAccountDb } from '../../session/account-context';
import { useSession } from '../../session/use-session';
import { useSyncStatus } from '../../sync/use-sync-status';
import { Button, EmptyState, Select, Skeleton, TextField } from '../../ui';
import { useLoginModal } from '../auth/login-modal-context';
import { buildCatalogItems, filterCatalogItems } from './catalog-model';
import { useCatalog } from './use-catalog';
import { VarietyCard } from './variety-card';
import { StockAge } from './stock-age';

const PAGE_SIZE = 48;

/** The catalog of the delivery date in `?date=yyyyMMdd` (auto-selected when absent). */
export function CatalogPage({ title }: { title: string }) {
  const session = useSession();
  const db = useAccountDb();
  const status = useSyncStatus();
  const openLogin = useLoginModal();
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => marketToday(Date.now()));
  const date = parseEtaDate(params.get('date') ?? '')
    ? Number(params.get('date'))
    : toEtaDate(autoDeliveryDate(today));
  const hasDate = params.has('date');
  useEffect(() => {
    // Pin the auto-selected date in the URL so a reload or a shared link shows the same day.
    if (!hasDate)
      setParams((prev) => ({ ...Object.fromEntries(prev), date: String(date) }), { replace: true });
  }, [hasDate, date, setParams]);
  const catalog = useCatalog(session ? date : null, Boolean(session) && status.reachable);
  const [query, setQuery] = useState(params.get('search') ?? '');
  const deferredQuery = useDeferredValue(query);
  const [limit, setLimit] = useState(PAGE_SIZE);

  const items = useMemo(
    () => (catalog.cached ? buildCatalogItems(catalog.cached.snapshot) : []),
    [catalog.cached],
  );
  const visible = useMemo(() => filterCatalogItems(items, deferredQuery), [items, deferredQuery]);
  const dateOptions = useMemo(() => {
    const days = nextWeekdays(today, 25).map((day) => toEtaDate(day));
    return (days.includes(date) ? days : [date, ...days]).map((value) => ({
      id: String(value),
      name: formatEtaDate(value),
    }));
  }, [today, date]);

  if (!session) {
    return (
      <section className="welcome">
        <h1>Wholesale flowers, straight from the farms</h1>
        <p>
          Live prices from more than 100 farms in Ecuador, Colombia, the Netherlands and beyond —
          for florists and event designers.
        </p>
        <Button onPress={openLogin}>Sign up or log in</Button>
      </section>
    );
  }

  return (
    <section className="catalog" aria-labelledby="catalog-title">
      <header className="catalog__header">
        <h1 id="catalog-title">{title}</h1>
        <div className="catalog__controls">
          <Select
            label="Delivery date"
            items={dateOptions}
            selectedKey={String(date)}
            onSelectionChange={(key) =>
              setParams((prev) => ({ ...Object.fromEntries(prev), date: String(key) }))
            }
          />
          <TextField
            label="Search"
            type="search"
            placeholder="Type any flower, color, farm or tag"
            value={query}
            onChange={(value) => {
              setQuery(value);
              setLimit(PAGE_SIZE);
            }}
          />
        </div>
        <StockAge
          fetchedAt={catalog.cached?.fetchedAt}
          refreshing={catalog.refreshing}
          reachable={status.reachable}
        />
        {catalog.error && (
          <p role="alert" className="catalog__error">
            {catalog.error}
          </p>
        )}
      </header>
      {catalog.loadingCache || (!catalog.cached && catalog.refreshing) ? (
        <div className="catalog__grid" aria-busy="true" aria-label="Loading the catalog">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="variety-card variety-card--skeleton" />
          ))}
        </div>
      ) : !catalog.cached ? (
        <EmptyState title="This date is not on this device yet">
          {status.reachable
            ? 'We could not load the catalog. Please try again.'
            : 'Connect once to download this date; it then opens offline.'}
        </EmptyState>
      ) : visible.length === 0 ? (
        <EmptyState title="No flowers match">Try another word, or clear the search.</EmptyState>
      ) : (
        <>
          <p className="catalog__count" aria-live="polite">
            {visible.length.toLocaleString('en-US')} varieties for {formatEtaDate(date)}
          </p>
          <div className="catalog__grid">
            {visible.slice(0, limit).map((item) => (
              <VarietyCard
                key={item.variety.key}
                item={item}
                etaDate={date}
                db={db}
                onNeedLogin={openLogin}
              />
            ))}
          </div>
          {visible.length > limit && (
            <Button variant="secondary" onPress={() => setLimit(limit + PAGE_SIZE)}>
              Show more
            </Button>
          )}
        </>
      )}
    </section>
  );
}

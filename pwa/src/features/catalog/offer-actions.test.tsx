import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Variety } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { settleAccountDb } from '../../storage/account-db-ready';
import { CatalogActionsContext, type CatalogActions } from './catalog-actions';
import type { PriceRow } from './catalog-model';
import { useOfferAdd, type OfferAdd } from './offer-actions';
import { pendingAdd } from './pending-add';

const session = vi.hoisted((): { current: unknown } => ({ current: null }));
const enqueued = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../../session/session-store', () => ({ sessionStore: { get: () => session.current } }));
vi.mock('../cart/enqueue-add-to-cart', () => ({ enqueueAddToCart: enqueued }));
vi.mock('../../ui', () => ({ showToast: vi.fn() }));
vi.mock('./offer-status', () => ({ boxesLeft: () => 5 }));

const buyer = { token: 't', user: { metadata: { customer: 'c-1' } } };
const row = {
  offer: { inventory_key: 7, variety_key: 'v-1', grower_key: 'g-1', length: 50 },
  grower: { grower_name: 'Finca' },
} as unknown as PriceRow;
const variety = { name: 'Freedom' } as unknown as Variety;
const openedDb = { name: 'stemline-acct-c-1' } as unknown as AccountDb;

/** The Add of a price row as a card gets it, on a page whose account database is `db`. */
function offerAdd(db: AccountDb | null, openLogin: CatalogActions['openLogin']): OfferAdd {
  let captured: OfferAdd | undefined;
  function Card() {
    captured = useOfferAdd(row, variety);
    return null;
  }
  const actions: CatalogActions = {
    db,
    etaDate: 20261130,
    pricesVisible: true,
    openLogin,
    requestDeliveryDate: vi.fn(),
    openDetails: vi.fn(),
    openAddToList: vi.fn(),
  };
  renderToString(
    <CatalogActionsContext value={actions}>
      <Card />
    </CatalogActionsContext>,
  );
  if (!captured) throw new Error('not rendered');
  return captured;
}

beforeEach(() => vi.stubGlobal('navigator', { onLine: true }));

afterEach(() => {
  pendingAdd.forget();
  settleAccountDb('c-1', null);
  session.current = null;
  enqueued.mockClear();
  vi.unstubAllGlobals();
});

describe('Add before the account database has opened', () => {
  it('waits for a signed-in buyer’s database, then adds, without asking to log in', async () => {
    session.current = buyer;
    const openLogin = vi.fn();
    const adding = offerAdd(null, openLogin).add(1);
    await Promise.resolve();
    expect(enqueued).not.toHaveBeenCalled();

    settleAccountDb('c-1', openedDb);
    await adding;
    expect(openLogin).not.toHaveBeenCalled();
    expect(enqueued).toHaveBeenCalledWith(openedDb, expect.anything(), 20261130, 1);
    expect(pendingAdd.get()).toBeNull();
  });

  it('asks a visitor to log in, keeping the row, boxes and date to add once they have', async () => {
    const openLogin = vi.fn();
    await offerAdd(null, openLogin).add(3);
    expect(openLogin).toHaveBeenCalledWith('cart');
    expect(enqueued).not.toHaveBeenCalled();
    expect(pendingAdd.get()).toEqual({
      inventoryKey: 7,
      varietyKey: 'v-1',
      growerKey: 'g-1',
      length: 50,
      label: 'Freedom 50 cm from Finca',
      quantity: 3,
      etaDate: 20261130,
    });
  });

  it('keeps no add for a session without a cart (staff), who is asked to log in', async () => {
    session.current = { token: 't', user: { metadata: {} } };
    const openLogin = vi.fn();
    await offerAdd(null, openLogin).add(1);
    expect(openLogin).toHaveBeenCalledWith('cart');
    expect(pendingAdd.get()).toBeNull();
  });
});

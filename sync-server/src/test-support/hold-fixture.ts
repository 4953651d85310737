import { afterAll, beforeAll, expect } from 'vitest';
import {
  cartLineKey,
  RESERVATION_MINUTES,
  unitsPerBox,
  type CartGroup,
  type CartLine,
  type Offer,
} from '@stemline/shared';
import {
  accounts,
  addArgs,
  createOfferPicker,
  startTestServer,
  type TestServer,
} from './test-server';

export const MINUTE = 60_000;
/** How long an open-market line is held (spec §9: 30 minutes), in ms. */
export const HOLD = RESERVATION_MINUTES * MINUTE;

/** Whole boxes of a row in stock. */
export const stockBoxes = (offer: Offer): number =>
  Math.floor(offer.available / unitsPerBox(offer));

/**
 * Everything the open-market hold tests share: a test server, two customers (florist and
 * newbuyer) logged in, the first delivery date, rows picked from the seed without reuse, and the
 * cart calls. Fields are filled by `beforeAll`: read them inside tests and hooks only.
 */
export interface HoldFixture {
  readonly t: TestServer;
  florist: string;
  newbuyer: string;
  day1: number;
  /** A row no earlier pick of this file took that `matches`. */
  pick: (description: string, matches: (offer: Offer) => boolean) => Offer;
  /** A fresh open-market row with 5 or more boxes. */
  openMarket: () => Offer;
  /** A fresh regular (held without a time limit) row with 5 or more boxes. */
  regular: () => Offer;
  /** Adds boxes of a row on `day1` over REST (must succeed); answers the cart line it made. */
  add: (token: string, offer: Offer, boxes?: number) => Promise<CartLine>;
  /** The customer's cart line of a row on `day1`, as `list_carts` answers it. */
  line: (token: string, offer: Offer) => Promise<CartLine | undefined>;
}

/** Registers the fixture's `beforeAll` / `afterAll` in the calling `describe` and answers it. */
export function useHoldFixture(): HoldFixture {
  let server: TestServer | undefined;
  let pickOffer: ReturnType<typeof createOfferPicker> | undefined;
  const fixture: HoldFixture = {
    get t() {
      if (!server) throw new Error('the hold fixture is not started yet');
      return server;
    },
    florist: '',
    newbuyer: '',
    day1: 0,
    pick: (description, matches) => {
      if (!pickOffer) throw new Error('the hold fixture is not started yet');
      return pickOffer(description, matches);
    },
    openMarket: () =>
      fixture.pick(
        'is an open-market row with 5+ boxes',
        (o) => o.open_market && stockBoxes(o) >= 5,
      ),
    regular: () =>
      fixture.pick('is a regular row with 5+ boxes', (o) => !o.open_market && stockBoxes(o) >= 5),
    add: async (token, offer, boxes = 1) => {
      const answer = await fixture.t.post<{ items: CartLine[] }>(
        '/api/cart_box/add_to_cart',
        addArgs(offer, fixture.day1, boxes),
        token,
      );
      expect(answer.status).toBe(200);
      const key = cartLineKey(offer.inventory_key, fixture.day1);
      const line = answer.body.items.find((item) => item.key === key);
      if (!line) throw new Error('the added line is not in the cart');
      return line;
    },
    line: async (token, offer) => {
      const answer = await fixture.t.post<{ results: CartGroup[] }>(
        '/api/cs/run',
        { key: 'list_carts' },
        token,
      );
      const key = cartLineKey(offer.inventory_key, fixture.day1);
      return answer.body.results.flatMap((group) => group.items).find((item) => item.key === key);
    },
  };

  beforeAll(async () => {
    const t = await startTestServer();
    server = t;
    [fixture.florist, fixture.newbuyer] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
    ]);
    [fixture.day1 = 0] = t.deliveryDates(1);
    pickOffer = createOfferPicker((await t.catalog(fixture.florist, fixture.day1)).offers);
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });
  return fixture;
}

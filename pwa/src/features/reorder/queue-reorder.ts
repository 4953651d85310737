import { reorderLines, type AddToCartPreview, type Order, type OrderLine } from '@stemline/shared';
import { sessionStore } from '../../session/session-store';
import type { AccountDb } from '../../storage/account-db';
import { readCachedCatalog } from '../../storage/catalog-db';
import { enqueueMutation } from '../../sync/outbox';
import { selectedAddressOf } from '../delivery/selected-address';

/** What an offline "Order again" did on this device, for the screen to say. */
export interface QueuedReorder {
  /** The outbox entry, whose answer the screen shows once the server has sent it. */
  mutationId: string;
  /** Lines whose price rows this device holds for the date: in the cart now, as queued adds. */
  shown: OrderLine[];
  /** Lines this device cannot judge (no row for that date here): the server decides on sync. */
  unjudged: OrderLine[];
  /** False when the date's catalogue is not on this device at all. */
  catalogOnDevice: boolean;
}

/**
 * Queues a re-order of `order`'s placed lines for `etaDate` as one `reorder_products` mutation,
 * as the cart queues an add: every line goes to the server, which judges stock, counts what is
 * short and proposes substitutes where allowed. The lines whose rows this device's catalogue
 * holds for the date show in the cart at once (the overlay runs the add rule on the stock it saw);
 * the others are returned, for the screen to name. Ships to the address selected on this device.
 */
export async function queueReorder(
  db: AccountDb,
  order: Order,
  etaDate: number,
  substitute: boolean,
): Promise<QueuedReorder> {
  const lines = reorderLines(order, substitute);
  const snapshot = (await readCachedCatalog(etaDate))?.snapshot;
  const user = sessionStore.get()?.user;
  const shipTo = user ? selectedAddressOf(user) : null;
  const varieties = new Map(snapshot?.varieties.map((v) => [v.key, v]));
  const growers = new Map(snapshot?.growers.map((g) => [g.key, g]));
  const rowOf = ({ line }: (typeof lines)[number]): AddToCartPreview | null => {
    const offers = (snapshot?.offers ?? []).filter(
      (o) =>
        o.variety_key === line.variety_key &&
        o.grower_key === line.grower_key &&
        o.length === line.length,
    );
    // The row with the most stock: the one the server's add rule is likeliest to fill from.
    const offer = offers.sort((a, b) => b.available - a.available)[0];
    const variety = varieties.get(line.variety_key);
    const grower = growers.get(line.grower_key);
    return offer && variety && grower ? { offer, variety, grower, shipTo } : null;
  };
  const rows = lines.map(rowOf);
  const mutationId = await enqueueMutation(
    db,
    'reorder_products',
    { items: lines.map(({ item }) => item), eta_date: etaDate, address: shipTo?._KEY ?? null },
    { rows },
  );
  return {
    mutationId,
    shown: lines.filter((_, index) => rows[index]).map(({ line }) => line),
    unjudged: lines.filter((_, index) => !rows[index]).map(({ line }) => line),
    catalogOnDevice: snapshot !== undefined,
  };
}

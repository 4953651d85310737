import { useState } from 'react';
import {
  formatEtaDate,
  marketToday,
  nextWeekdays,
  reorderItemsOf,
  shoppingListMessages,
  toEtaDate,
  stemlineMessages,
  type Order,
  runOutcomesFromDollars,
  type RepurchaseAnswer,
} from '@stemline/shared';
import { apiRequest } from '../../api/client';
import { serverClock } from '../../api/server-clock';
import { useAccountDb } from '../../session/account-context';
import { useSession } from '../../session/use-session';
import { isQuotaError } from '../../sync/outbox';
import { useSyncReachable } from '../../sync/use-sync-status';
import { Button, Checkbox, LinkButton, Select, SelectItem, showToast } from '../../ui';
import { selectedAddressOf } from '../delivery/selected-address';
import { RunReport } from '../shopping-lists/run-report';
import { queueReorder, type QueuedReorder } from './queue-reorder';
import { QueuedReorderReport } from './queued-reorder-report';
import './order-again.css';

/**
 * "Order again" for the last order or any past one: its lines go back in the cart for a chosen
 * delivery date through the server's stock rules. Online it asks `/api/repurchase_products` and
 * shows the answer: what is not available and what no longer exists, counted and flagged; with
 * "Allow substitutes" on, the nearest offers proposed and said to be so, never added by
 * themselves. Offline (or when the call cannot reach the server) it is queued like the cart's
 * adds (queue-reorder.ts): the lines this device can judge show in the cart at once, the rest
 * are named, and the server's answer shows here once synced.
 */
export function OrderAgain({ orders }: { orders: readonly Order[] }) {
  const db = useAccountDb();
  const session = useSession();
  const reachable = useSyncReachable();
  const [queued, setQueued] = useState<{
    reorder: QueuedReorder;
    date: number;
    sub: boolean;
  } | null>(null);
  const [dates] = useState(() => nextWeekdays(marketToday(serverClock.now()), 10).map(toEtaDate));
  const [orderKey, setOrderKey] = useState<string | null>(null);
  const [date, setDate] = useState<number>(dates[0] ?? 0);
  const [substitute, setSubstitute] = useState(false);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<RepurchaseAnswer | null>(null);
  const order = orders.find((o) => o.key === orderKey) ?? orders[0];
  const shortcuts = (
    <nav className="order-again__links" aria-label="Buy again">
      <LinkButton variant="secondary" href="/shopping/home/account/lists">
        Shopping lists
      </LinkButton>
      <LinkButton variant="secondary" href="/shopping/home/account/standing-orders">
        Standing orders
      </LinkButton>
    </nav>
  );
  if (!order) return shortcuts;

  const queue = async (): Promise<void> => {
    if (!db) return;
    try {
      const reorder = await queueReorder(db, order, date, substitute);
      setAnswer(null);
      setQueued({ reorder, date, sub: substitute });
    } catch (error) {
      showToast({
        title: shoppingListMessages.listErrorTitle,
        description: isQuotaError(error) ? stemlineMessages.storageFull : undefined,
        variant: 'error',
      });
    }
  };

  const submit = async (): Promise<void> => {
    setBusy(true);
    const addressKey = (session ? selectedAddressOf(session.user) : null)?._KEY ?? null;
    if (!reachable) {
      await queue();
      return setBusy(false);
    }
    const result = await apiRequest<RepurchaseAnswer>('/api/repurchase_products', {
      method: 'POST',
      body: {
        items: reorderItemsOf(order, substitute),
        eta_date: date,
        // Ships to the address selected now, as an offline re-order and a list's run do: the
        // lines carry it, and checkout says where each goes.
        address: addressKey,
      },
    });
    if (!result.success && result.offline) await queue();
    setBusy(false);
    if (result.success) {
      setQueued(null);
      setAnswer(result.data);
      showToast({ title: result.data.messages.join(' '), variant: 'info' });
    } else if (!result.offline) {
      setAnswer(null);
      showToast({
        title: shoppingListMessages.listErrorTitle,
        description: result.error,
        variant: 'error',
      });
    }
  };

  return (
    <section className="order-again" aria-labelledby="order-again-title">
      <h2 id="order-again-title">{shoppingListMessages.orderAgain}</h2>
      {shortcuts}
      <div className="order-again__form">
        <Select
          label="Order"
          className="order-again__order"
          items={orders.map((o, index) => ({
            id: o.key,
            name: `${index === 0 ? 'Last order' : 'Order'} ${o.number}, ${formatEtaDate(o.purchase_date)}`,
          }))}
          selectedKey={order.key}
          onSelectionChange={(key) => setOrderKey(String(key))}
        >
          {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
        </Select>
        <Select
          label="Delivery date"
          items={dates.map((day) => ({ id: day, name: formatEtaDate(day) }))}
          selectedKey={date}
          onSelectionChange={(key) => setDate(Number(key))}
        >
          {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
        </Select>
        <Checkbox isSelected={substitute} onChange={setSubstitute}>
          Allow substitutes
        </Checkbox>
        <Button onPress={() => void submit()} isPending={busy}>
          {shoppingListMessages.orderAgain}
        </Button>
      </div>
      {answer && (
        <div className="order-again__answer">
          <ul>
            {answer.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
          <RunReport
            run={{
              eta_date: date,
              address: null,
              ran_at: 0,
              outcomes: runOutcomesFromDollars(answer.results),
            }}
          />
        </div>
      )}
      {queued && db && (
        <QueuedReorderReport
          db={db}
          queued={queued.reorder}
          etaDate={queued.date}
          substitute={queued.sub}
        />
      )}
    </section>
  );
}

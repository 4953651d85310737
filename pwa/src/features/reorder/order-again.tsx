import { useState } from 'react';
import {
  formatEtaDate,
  marketToday,
  nextWeekdays,
  shoppingListMessages,
  toEtaDate,
  type Order,
  type RepurchaseAnswer,
  type ReorderItem,
} from '@stemline/shared';
import { apiRequest } from '../../api/client';
import { serverClock } from '../../api/server-clock';
import { Button, Checkbox, LinkButton, Select, SelectItem, showToast } from '../../ui';
import { RunReport } from '../shopping-lists/run-report';
import './order-again.css';

/** A past order's placed lines as the spec's re-order items (§3). */
function reorderItems(order: Order, substitute: boolean): ReorderItem[] {
  return order.lines
    .filter((line) => line.status === 'placed')
    .map((line) => ({
      length: line.length,
      quantity: Math.min(line.boxes, 30),
      variety: line.variety_key,
      grower: line.grower_key,
      box_only: true,
      repurchase_cartbox_item: null,
      substitute,
    }));
}

/**
 * "Order again" for the last order or any past one: its lines go back in the cart for a chosen
 * delivery date through the server's stock rules (`/api/repurchase_products`). The answer counts
 * and flags what is not available and what no longer exists; with "Allow substitutes" on, the
 * nearest offers are proposed and said to be so, never added by themselves. Needs the network:
 * stock is the server's to judge.
 */
export function OrderAgain({ orders }: { orders: readonly Order[] }) {
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

  const submit = async (): Promise<void> => {
    setBusy(true);
    const result = await apiRequest<RepurchaseAnswer>('/api/repurchase_products', {
      method: 'POST',
      body: { items: reorderItems(order, substitute), eta_date: date, address: null },
    });
    setBusy(false);
    if (result.success) {
      setAnswer(result.data);
      showToast({ title: result.data.messages.join(' '), variant: 'info' });
    } else {
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
          <RunReport run={{ eta_date: date, address: null, ran_at: 0, outcomes: answer.results }} />
        </div>
      )}
    </section>
  );
}

import { useSearchParams } from 'react-router';
import { useAccountDb } from '../../session/account-context';
import { useSession } from '../../session/use-session';
import { useSyncStatus } from '../../sync/use-sync-status';
import { Button, EmptyState, LinkButton, Skeleton } from '../../ui';
import { useLoginModal } from '../auth/login-modal-context';
import { OrderAgain } from '../reorder/order-again';
import { OrderCard } from './order-card';
import { useOrders } from './use-orders';
import './orders.css';

/**
 * The buyer's purchase orders (`/shopping/home/account/orders`), newest first, from the synced
 * `orders` collection, so the list opens offline. `?order=<key>` opens and marks one order.
 */
export function OrdersPage() {
  const session = useSession();
  const db = useAccountDb();
  const openLogin = useLoginModal();
  const status = useSyncStatus();
  const { orders, loaded } = useOrders(db);
  const [params] = useSearchParams();
  const focus = params.get('order');

  return (
    <section className="orders" aria-labelledby="orders-title">
      <div className="orders__top">
        <h1 id="orders-title">Your orders</h1>
        {session && <LinkButton href="/shopping/home/account/claims">Your claims</LinkButton>}
      </div>
      <OrderAgain orders={orders} />
      {!session ? (
        <EmptyState
          title="Log in to see your orders"
          action={<Button onPress={openLogin}>Log in</Button>}
        >
          Orders are kept with your account.
        </EmptyState>
      ) : !loaded ? (
        <div className="orders__loading" aria-busy="true">
          <Skeleton shape="block" height="6rem" />
          <Skeleton shape="block" height="6rem" />
        </div>
      ) : orders.length === 0 ? (
        <EmptyState
          title="No orders yet"
          action={<LinkButton href="/shopping/home">Browse the catalogue</LinkButton>}
        >
          Orders you place at checkout appear here, also when you are offline.
        </EmptyState>
      ) : (
        <ul className="orders__list">
          {orders.map((order) => (
            <OrderCard
              key={order.key}
              order={order}
              online={status.reachable}
              highlighted={order.key === focus}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

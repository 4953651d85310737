import { useEffect, useMemo, useState } from 'react';
import {
  acknowledgeDeletedProductsAnswerSchema,
  deletedProductMessages,
  deletedProductsAnswerSchema,
  formatEtaDate,
  type DeletedProduct,
} from '@stemline/shared';
import { call } from '../../api/checked-call';
import type { AccountDb } from '../../storage/account-db';
import { Button, DeferredModalDialog } from '../../ui';
import { createDeletedProductsFeed, type DeletedProductsCalls } from './deleted-products-feed';
import { useCart } from './use-cart';
import './deleted-products-message.css';

/** Spec §7's calls for the signed-in customer (the server reads the customer from the token). */
function deletedProductsCalls(customerKey: string): DeletedProductsCalls {
  return {
    list: async () => {
      const answer = await call(
        deletedProductsAnswerSchema,
        '/api/customer/get_customer_delete_products',
        { method: 'POST', body: { customer: customerKey } },
      );
      return answer.ok ? answer.data.results : null;
    },
    acknowledge: async (products) => {
      const answer = await call(
        acknowledgeDeletedProductsAnswerSchema,
        '/api/customer/delete_product',
        { method: 'POST', body: { products } },
      );
      return answer.ok;
    },
  };
}

/**
 * The 'delete product message' (spec §2; §4: "a guest with removed products sees a message
 * modal"): the products the server took out of a guest's cart (a hold that ended, an offer gone
 * at checkout), named with their boxes, date and why, until the guest acknowledges them with
 * `delete_product`. It is how a guest is told: the server leaves a guest no notice of them, so
 * no toast says it twice (sync-server cart/removed-line-report.ts). Asked of the server as the
 * account opens, when the device comes online, and when the cart's lines change (a released
 * line leaves them). Offline nothing is asked; an acknowledgement the network lost is sent with
 * the next ask. The modal's code loads when it first opens.
 */
export function DeletedProductsMessage({
  db,
  customerKey,
}: {
  db: AccountDb;
  customerKey: string;
}) {
  const feed = useMemo(
    () => createDeletedProductsFeed(deletedProductsCalls(customerKey)),
    [customerKey],
  );
  // The list stays while the modal closes (its exit animation); the next one replaces it.
  const [message, setMessage] = useState<{ products: DeletedProduct[]; isOpen: boolean }>({
    products: [],
    isOpen: false,
  });
  // The server takes a product out by removing its line: a change of the lines asks again.
  const lineKeys = useCart(db)
    .lines.map((line) => line.key)
    .join(' ');

  useEffect(() => {
    let live = true;
    const check = () => {
      if (!navigator.onLine) return;
      void feed.unseen().then((found) => {
        if (!live || found.length === 0) return;
        setMessage(({ products, isOpen }) => ({
          isOpen: true,
          // Added to an open list: a later ask may find more while the guest reads.
          products: isOpen
            ? [...products, ...found.filter((p) => !products.some((s) => s.key === p.key))]
            : found,
        }));
      });
    };
    check();
    window.addEventListener('online', check);
    return () => {
      live = false;
      window.removeEventListener('online', check);
    };
  }, [feed, lineKeys]);

  const acknowledge = () => {
    setMessage(({ products }) => ({ products, isOpen: false }));
    void feed.acknowledge(message.products);
  };

  return (
    <DeferredModalDialog
      isOpen={message.isOpen}
      onOpenChange={(open) => {
        if (!open) acknowledge();
      }}
      title={deletedProductMessages.title}
      subtitle={deletedProductMessages.intro}
      role="alertdialog"
      hideCloseButton
      footer={<Button onPress={acknowledge}>{deletedProductMessages.acknowledge}</Button>}
    >
      <ul className="deleted-products">
        {message.products.map((product) => (
          <li key={product.key}>
            <strong>{product.variety_name}</strong> — {product.boxes}{' '}
            {product.boxes === 1 ? 'box' : 'boxes'} for {formatEtaDate(product.eta_date)}:{' '}
            {deletedProductMessages.reasons[product.reason]}
          </li>
        ))}
      </ul>
    </DeferredModalDialog>
  );
}

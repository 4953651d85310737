import { MAX_ACKNOWLEDGED_PRODUCTS, type DeletedProduct } from '@stemline/shared';

/** The two calls behind the feed (spec §7), each answering null or false when it failed. */
export interface DeletedProductsCalls {
  /** `get_customer_delete_products`: the products the buyer has not acknowledged. */
  list(): Promise<DeletedProduct[] | null>;
  /** `delete_product`: the buyer has seen these (keys); true once the server has them. */
  acknowledge(keys: readonly string[]): Promise<boolean>;
}

/**
 * What the message modal still has to say: the server's list, less what this page has shown.
 * The buyer's acknowledgement counts at once; its call, lost to the network, is made again
 * before the next list is asked for, so a product shown once is not shown again on this page,
 * and the server learns of it as soon as it can.
 */
export function createDeletedProductsFeed(calls: DeletedProductsCalls) {
  const seen = new Set<string>();
  const unsent = new Set<string>();

  async function sendUnsent(): Promise<void> {
    const keys = [...unsent];
    for (let start = 0; start < keys.length; start += MAX_ACKNOWLEDGED_PRODUCTS) {
      const chunk = keys.slice(start, start + MAX_ACKNOWLEDGED_PRODUCTS);
      if (!(await calls.acknowledge(chunk))) return;
      for (const key of chunk) unsent.delete(key);
    }
  }

  return {
    /** The products not yet shown on this page; none when the server could not be asked. */
    async unseen(): Promise<DeletedProduct[]> {
      if (unsent.size > 0) await sendUnsent();
      const listed = await calls.list();
      return (listed ?? []).filter((product) => !seen.has(product.key));
    },
    /** The buyer has seen `products`: they are not shown again, and the server is told. */
    async acknowledge(products: readonly DeletedProduct[]): Promise<void> {
      for (const { key } of products) {
        seen.add(key);
        unsent.add(key);
      }
      await sendUnsent();
    },
  };
}
export type DeletedProductsFeed = ReturnType<typeof createDeletedProductsFeed>;

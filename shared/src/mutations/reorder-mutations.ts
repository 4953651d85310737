import { reorderProductsArgsSchema } from '../schemas/reorder';
import { defineMutation } from './define-mutation';

/**
 * Re-order (sync-server/src/reorder/mutations.ts): a past order's lines put back in the cart,
 * queued like any cart change so "Order again" works offline. It writes cart lines only; what
 * could not be added, and any substitute proposed, is the answer's message.
 */
export const reorderMutations = {
  reorder_products: defineMutation({
    args: reorderProductsArgsSchema,
    collections: ['cart_lines'],
  }),
};

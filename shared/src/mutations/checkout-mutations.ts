import { extendHoldsArgsSchema, placeOrderArgsSchema } from '../schemas/orders';
import { defineMutation } from './define-mutation';

/** Placing an order and extending holds (sync-server/src/checkout/mutations.ts). */
export const checkoutMutations = {
  place_order: defineMutation({
    args: placeOrderArgsSchema,
    collections: ['orders', 'cart_lines', 'custom_boxes', 'notices'],
  }),
  extend_expiration_boxes: defineMutation({
    args: extendHoldsArgsSchema,
    collections: ['cart_lines', 'notices'],
  }),
};

import {
  changeStandingOrderWeekArgsSchema,
  createStandingOrderArgsSchema,
  setStandingOrderCardArgsSchema,
  setStandingOrderStatusArgsSchema,
  skipStandingOrderWeekArgsSchema,
} from '../schemas/standing-orders';
import { defineMutation } from './define-mutation';

/**
 * Standing orders (sync-server/src/standing-orders/mutations.ts): made, paused, cancelled, and
 * one week skipped or changed, offline; the server checks weeks against its clock and config.
 */
export const standingOrderMutations = {
  create_standing_order: defineMutation({
    args: createStandingOrderArgsSchema,
    collections: ['standing_orders'],
  }),
  set_standing_order_status: defineMutation({
    args: setStandingOrderStatusArgsSchema,
    collections: ['standing_orders'],
  }),
  set_standing_order_card: defineMutation({
    args: setStandingOrderCardArgsSchema,
    collections: ['standing_orders'],
  }),
  skip_standing_order_week: defineMutation({
    args: skipStandingOrderWeekArgsSchema,
    collections: ['standing_orders'],
  }),
  change_standing_order_week: defineMutation({
    args: changeStandingOrderWeekArgsSchema,
    collections: ['standing_orders'],
  }),
};

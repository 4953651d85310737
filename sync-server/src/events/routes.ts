import Router from '@koa/router';
import type { Context } from 'koa';
import {
  cartBoxEventQuerySchema,
  cartLineInDollars,
  centsToDollars,
  customBoxInDollars,
  eventMessages,
  groupCartByEvent,
  stemlineMessages,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerKeyOf } from '../auth/require-auth';
import { createCustomBoxes } from '../cart/custom-boxes';
import type { RunOperations } from '../http/cs-run';
import { DomainError } from '../kernel/domain-error';
import { createEventBook } from './event-book';

/**
 * The cart of one of the caller's events: the event, its cart lines and custom boxes (those whose
 * `campaign_recipient` is its key) and the lines' subtotal, in cents and in dollars. An unknown
 * key, or another customer's, is a 404 that does not say which.
 */
function createEventCart(app: AppContext) {
  const book = createEventBook(app);
  const { cart } = app.repos;
  const customBoxes = createCustomBoxes(app);
  return async (ctx: Context, raw: unknown) => {
    const { key, customer } = cartBoxEventQuerySchema.parse(raw);
    const customerKey = customerKeyOf(ctx);
    if (customer !== undefined && customer !== customerKey) {
      throw new DomainError('forbidden', stemlineMessages.forbidden);
    }
    const event = await book.get(customerKey, key);
    if (!event) throw new DomainError('not_found', eventMessages.eventNotFound);
    const lines = (await cart.lines(customerKey)).filter((line) => line.campaign_recipient === key);
    const subtotalCents = groupCartByEvent(lines, [event])[0]?.subtotal_cents ?? 0;
    return {
      success: true,
      results: {
        event,
        // A spec call: the lines' and boxes' prices in dollars, as they always were.
        lines: lines.map(cartLineInDollars),
        custom_boxes: (await customBoxes.list(customerKey))
          .filter((box) => box.campaign_recipient === key)
          .map(customBoxInDollars),
        subtotal_cents: subtotalCents,
        subtotal: centsToDollars(subtotalCents),
      },
    };
  };
}

/** `GET /api/cart_box_event?key=&customer=` (spec §7 Cart box). */
export function eventRoutes(app: AppContext): Router {
  const router = new Router();
  const eventCart = createEventCart(app);
  router.get('/api/cart_box_event', async (ctx) => {
    ctx.body = await eventCart(ctx, ctx.query);
  });
  return router;
}

/** Run `cart_box_by_event` `{key, customer?}`: the same answer through `POST /api/cs/run`. */
export function eventOperations(app: AppContext): RunOperations {
  const eventCart = createEventCart(app);
  return { cart_box_by_event: (ctx, params) => eventCart(ctx, params) };
}

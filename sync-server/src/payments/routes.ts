import Router from '@koa/router';
import type { Context } from 'koa';
import {
  addCardArgsSchema,
  creditCardsBodySchema,
  deletePaymentArgsSchema,
  type AddCardAnswer,
  type CreditCardsAnswer,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { callerCustomer } from '../auth/caller-customer';
import { httpStatusOf } from '../http/http-status';
import type { RunOperations } from '../http/cs-run';
import { createSavedCards } from './saved-cards';

/** POST /api/customer/credit_cards (spec §7): the caller's saved cards, tokenised. */
export function paymentRoutes(app: AppContext): Router {
  const router = new Router();
  const cards = createSavedCards(app);
  router.post('/api/customer/credit_cards', async (ctx) => {
    const { customer } = creditCardsBodySchema.parse(ctx.request.body ?? {});
    const customerKey = callerCustomer(ctx, customer);
    ctx.body = {
      success: true,
      results: await cards.list(customerKey),
    } satisfies CreditCardsAnswer;
  });
  return router;
}

/**
 * `accounting_add_card` and `delete_payment` of `POST /api/cs/run`. Adding a card is online only
 * by design: a card number must never wait in a device's outbox.
 */
export function paymentOperations(app: AppContext): RunOperations {
  const cards = createSavedCards(app);
  const add = app.transactional(cards.add);
  const remove = app.transactional(cards.remove);
  return {
    async accounting_add_card(ctx: Context, params) {
      const args = addCardArgsSchema.parse(params);
      const customerKey = callerCustomer(ctx, args.customer);
      const outcome = await add(customerKey, args);
      if (outcome.status === 'invalid') {
        ctx.status = 400;
        return {
          success: false,
          error: outcome.check.message,
          code: outcome.check.code,
          field: outcome.check.field,
        };
      }
      if (outcome.status === 'rejected') {
        ctx.status = httpStatusOf(outcome.code);
        return { success: false, error: outcome.message, code: outcome.code };
      }
      app.changes.poke(customerKey, outcome.touched);
      return { success: true, result: outcome.value } satisfies AddCardAnswer;
    },
    async delete_payment(ctx: Context, params) {
      const args = deletePaymentArgsSchema.parse(params);
      const customerKey = callerCustomer(ctx, args.customer);
      const outcome = await remove(customerKey, args.key);
      if (outcome.status === 'rejected') {
        ctx.status = httpStatusOf(outcome.code);
        return { success: false, error: outcome.message, code: outcome.code };
      }
      app.changes.poke(customerKey, outcome.touched);
      return { success: true, message: outcome.message };
    },
  };
}

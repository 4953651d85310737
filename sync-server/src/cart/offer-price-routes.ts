import Router from '@koa/router';
import { offerPriceChangeArgsSchema, stemlineMessages } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { requireStaff } from '../auth/staff-access';
import { DomainError } from '../kernel/domain-error';
import { createOfferPriceChange } from './offer-price';

/**
 * `POST /api/catalog/offer_price` (staff only): changes one price row's price and re-prices the
 * open cart lines and custom boxes that hold it (see offer-price.ts); each affected buyer's
 * devices are poked to pull what changed for them (cart lines, custom boxes, notices). A refused
 * or invalid call changes nothing.
 */
export function offerPriceRoutes(app: AppContext): Router {
  const router = new Router();
  const changePrice = createOfferPriceChange(app);

  router.post('/api/catalog/offer_price', async (ctx) => {
    await requireStaff(ctx, app);
    const args = offerPriceChangeArgsSchema.parse(ctx.request.body);
    const change = await changePrice(args);
    if (!change) throw new DomainError('not_found', stemlineMessages.offerNotFound);
    for (const { customerKey, collections } of change.pokes)
      app.changes.poke(customerKey, collections);
    ctx.body = change.answer;
  });

  return router;
}

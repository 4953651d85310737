import type { Context } from 'koa';
import { authClaims } from '../auth/require-auth';

/**
 * Who is looking at the catalogue. The catalogue routes sit behind the auth gate, so every
 * request carries a verified token: a customer's session, or a visitor's public token (or a
 * staff session), whose claims have no customer. Prices are for customers only; everybody sees
 * the varieties, growers and stock.
 */
export interface CatalogViewer {
  customer: string | null;
  pricesVisible: boolean;
}

export function catalogViewer(ctx: Context): CatalogViewer {
  const claims = authClaims(ctx);
  const customer = claims.scope === 'public' ? null : claims.customer;
  return { customer, pricesVisible: customer !== null };
}

import { standingOrderMessages } from '@stemline/shared';
import { LinkButton } from '../../ui';

/**
 * `/shopping/home/account/standing-orders/success` (spec §2), shown after a standing order is
 * made. Spec §2 excludes it from page-view tracking; this build sends no page views at all, so
 * there is nothing to leave out yet (a tracker added later must skip this path).
 */
export function StandingOrderSuccessPage() {
  return (
    <section className="standing-orders" aria-labelledby="so-success-title">
      <h1 id="so-success-title">{standingOrderMessages.successTitle}</h1>
      <p>{standingOrderMessages.pricePolicy}</p>
      <LinkButton href="/shopping/home/account/standing-orders">
        See your standing orders
      </LinkButton>
    </section>
  );
}

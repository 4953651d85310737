import { accountMessages } from '@stemline/shared';
import { CMS_PAGES, cmsPath } from '../cms/cms-page-list';

/** What every page's title ends with, and the whole title where no page is named. */
export const SITE_NAME = 'Stemline';

/** Each route's page name, as its heading names it (spec §2's routes; app.tsx serves them). */
const PAGE_NAMES: ReadonlyMap<string, string> = new Map([
  ['/', 'Fresh flowers'],
  ['/shopping/home', 'Fresh flowers'],
  ['/shopping/products', 'All products'],
  ['/shopping/home/company-details', 'Company details'],
  ['/checkout', 'Checkout'],
  ['/shopping/home/account/orders', 'Orders'],
  ['/shopping/home/account/claims', 'Claims'],
  ['/shopping/home/account/lists', 'Shopping lists'],
  ['/shopping/home/account/standing-orders', 'Standing orders'],
  ['/shopping/home/account/standing-orders/success', 'Standing order'],
  ['/shopping/home/account/events', 'Events'],
  ['/shopping/home/account', 'Account'],
  ['/shopping/create-account', accountMessages.createYourAccount],
  ['/login_as', 'Logging in'],
  ['/unsubscribe', 'Unsubscribe'],
  ['/dev/mailbox', 'Dev mailbox'],
  ...CMS_PAGES.map((page): [string, string] => [cmsPath(page.slug), page.title]),
]);

/**
 * The document title of a path: '<page> — Stemline', so each tab, history entry and screen
 * reader's page announcement says which page it is. A path no route serves is 'Page not found'.
 * A trailing slash names the same page.
 */
export function routeTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return `${PAGE_NAMES.get(path) ?? 'Page not found'} — ${SITE_NAME}`;
}

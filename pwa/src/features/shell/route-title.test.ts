import { describe, expect, it } from 'vitest';
import { routeTitle } from './route-title';

describe('routeTitle', () => {
  it.each([
    ['/shopping/home', 'Fresh flowers — Stemline'],
    ['/', 'Fresh flowers — Stemline'],
    ['/shopping/products', 'All products — Stemline'],
    ['/checkout', 'Checkout — Stemline'],
    ['/checkout/', 'Checkout — Stemline'],
    ['/shopping/home/account/orders', 'Orders — Stemline'],
    ['/shopping/home/account', 'Account — Stemline'],
    ['/shopping/home/company-details', 'Company details — Stemline'],
    ['/shopping/create-account', 'Create your account — Stemline'],
    ['/dev/mailbox', 'Dev mailbox — Stemline'],
    ['/cms/terms', 'Terms of use — Stemline'],
    ['/cms/claim-policy', 'Claim policy — Stemline'],
    ['/cms/nothing', 'Page not found — Stemline'],
    ['/no/such/page', 'Page not found — Stemline'],
    ['/constructor', 'Page not found — Stemline'],
    ['/__proto__', 'Page not found — Stemline'],
  ])('names %s "%s"', (pathname, title) => {
    expect(routeTitle(pathname)).toBe(title);
  });
});

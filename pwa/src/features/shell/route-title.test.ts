import { describe, expect, it } from 'vitest';
import app from '../../app.tsx?raw';
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
    ['/shopping/home/account/claims', 'Claims — Stemline'],
    ['/shopping/home/account/lists', 'Shopping lists — Stemline'],
    ['/shopping/home/account/standing-orders', 'Standing orders — Stemline'],
    ['/shopping/home/account/standing-orders/success', 'Standing order — Stemline'],
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

describe('every page the app serves', () => {
  // The routes app.tsx declares (a page added there without a name here would be announced as
  // 'Page not found' while it shows): each literal path, not the catch-all or a parameter's.
  const paths = [...app.matchAll(/<Route\s+path="([^"]+)"/g)]
    .map((match) => match[1] ?? '')
    .filter((path) => path !== '*' && !path.includes(':'));

  it('finds the routes', () => {
    expect(paths.length).toBeGreaterThan(15);
  });

  it.each(paths)('names %s', (path) => {
    expect(routeTitle(path)).not.toBe('Page not found — Stemline');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicToken } from '../test-support/accounts';
import { startTestServer, type TestServer } from '../test-support/test-server';

/**
 * A visitor's public token is anyone's (GET /api/security/public_token). Behind the token gate it
 * reaches the catalogue and the public models only: every call of a customer's, a user's or
 * staff's data is refused and answers none of it: 401/403, or a 400 when the body is checked
 * first (a parameter error tells nothing of anyone's data), or the 404 of an unknown file.
 */
describe('a visitor’s public token on every call that is not public', { timeout: 60_000 }, () => {
  let t: TestServer;
  let visitor = '';
  beforeAll(async () => {
    t = await startTestServer();
    visitor = await publicToken(t);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const posts: [string, unknown][] = [
    ['/api/cart_box/add_to_cart', {}],
    ['/api/cart_box/validate_box_changes', { changes: [] }],
    ['/api/cart_box/execute_box_changes', { changes: [] }],
    ['/api/cart_box/delete_boxes', { lines: [] }],
    ['/api/cart_box/search_cartbox_key', { key: 'x' }],
    ['/api/customer/get_customer_delete_products', { customer: 'c-bennett' }],
    ['/api/customer/delete_product', { products: [] }],
    ['/api/catalog/offer_price', {}],
    ['/api/checkout/review', {}],
    ['/api/checkout/place_order', {}],
    ['/api/checkout/extend_expiration_boxes', {}],
    ['/api/customer/credit_cards', { customer: 'c-bennett' }],
    ['/api/favorites', { action: 'LIST' }],
    ['/api/customer/manager', {}],
    ['/api/customer/manager_email', {}],
    ['/api/customer/update_preferences', { preferences: {} }],
    ['/api/customer/find_referral', {}],
    ['/api/customer/update_force_zipcode', { customer: 'c-bennett', zipcode: '07030' }],
    ['/api/mail/sent_email_template', { template: 'welcome', customer: 'c-bennett' }],
    ['/api/folder/create', { folderName: 'claims' }],
    ['/api/images/upload', { fileName: 'a.png', fileContent: 'AAAA', folderKey: 'f' }],
    ['/api/uploads', { folderKey: 'f', fileName: 'a.mp4', size: 10 }],
    ['/api/shopping_list/list', {}],
    ['/api/shopping_list/create', { name: 'Roses' }],
    ['/api/standing_order/list_standing_order', {}],
    ['/api/repurchase_products', { items: [] }],
    ['/api/purchase/load_last_order', { user_key: 'u-florist' }],
    ['/api/security/change_password', { current_password: 'x', password: 'yyyyyyyy' }],
  ];
  const gets = [
    '/api/cart_box_event?key=e-1',
    '/api/statements/2026-10.csv',
    '/api/statements/S-2026-10-0001.pdf',
    '/api/images/u-none',
    '/api/uploads/us-none',
    '/api/event/summary?days=1',
    '/api/sync/pull/cart_lines?checkpoint=0',
    '/api/sync/pull/orders?checkpoint=0',
  ];

  it.each(posts)('refuses POST %s', async (path, body) => {
    const answer = await t.post(path, body, visitor);
    expect([400, 401, 403, 404], JSON.stringify(answer.body)).toContain(answer.status);
    if (answer.status !== 404) expect(answer.body).toMatchObject({ success: false });
  });

  it.each(gets)('refuses GET %s', async (path) => {
    const answer = await t.get(path, visitor);
    expect([400, 401, 403, 404], JSON.stringify(answer.body)).toContain(answer.status);
  });
});

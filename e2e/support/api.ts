import { expect, type APIRequestContext } from '@playwright/test';
import type {
  CartGroup,
  CatalogSnapshot,
  LoginAnswer,
  MutationName,
  Offer,
} from '@stemline/shared';
import { solveCaptcha } from './accounts';

export const DEMO_PASSWORD = 'stemline-demo';

/** Logs a demo account in over HTTP and returns its bearer token. */
export async function apiLogin(request: APIRequestContext, email: string): Promise<string> {
  // Log-in needs a fresh captcha solution (spec §4); support/accounts.ts solves it for real.
  const response = await request.get('/api/security/login', {
    params: { email, password: DEMO_PASSWORD, reCaptchaToken: await solveCaptcha(request) },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as LoginAnswer;
  if (!body.token) throw new Error(`login failed for ${email}`);
  return body.token;
}

export async function apiCatalog(
  request: APIRequestContext,
  token: string,
  date: number,
): Promise<CatalogSnapshot> {
  const response = await request.get(`/api/catalog/${date}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as CatalogSnapshot;
}

/** The server's cart of the token's customer, through the spec's `list_carts` run operation. */
export async function apiCart(request: APIRequestContext, token: string): Promise<CartGroup[]> {
  const response = await request.post('/api/cs/run', {
    headers: { Authorization: `Bearer ${token}` },
    data: { key: 'list_carts' },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: CartGroup[] }).results;
}

export async function apiAddToCart(
  request: APIRequestContext,
  token: string,
  offer: Offer,
  etaDate: number,
  quantity: number,
) {
  return request.post('/api/cart_box/add_to_cart', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      variety: offer.variety_key,
      grower: offer.grower_key,
      length: offer.length,
      eta_date: etaDate,
      quantity,
      inventory_key: offer.inventory_key,
    },
  });
}

/** Removes cart lines (by cart line key) through the spec's `delete_boxes`; expects success. */
export async function apiDeleteCartLines(
  request: APIRequestContext,
  token: string,
  keys: readonly string[],
): Promise<void> {
  const response = await request.post('/api/cart_box/delete_boxes', {
    headers: { Authorization: `Bearer ${token}` },
    data: { keys },
  });
  expect(response.ok()).toBe(true);
}

/** Sets cart lines' box counts through the spec's `execute_box_changes`; expects success. */
export async function apiSetCartBoxes(
  request: APIRequestContext,
  token: string,
  changes: readonly { key: string; boxes: number }[],
): Promise<void> {
  const response = await request.post('/api/cart_box/execute_box_changes', {
    headers: { Authorization: `Bearer ${token}` },
    data: { changes },
  });
  expect(response.ok()).toBe(true);
}

/** Pushes one mutation as another device of the account would, and returns its result. */
export async function apiPushAsAnotherDevice(
  request: APIRequestContext,
  token: string,
  name: MutationName,
  args: unknown,
): Promise<{ status: string; message?: string }> {
  const clientId = 'e2e-other-device';
  const response = await request.post('/api/sync/push', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      clientId,
      mutations: [
        { id: `e2e-${crypto.randomUUID()}`, clientId, name, args, createdAt: Date.now() },
      ],
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { results } = (await response.json()) as {
    results: { status: string; message?: string }[];
  };
  return results[0] ?? { status: 'missing' };
}

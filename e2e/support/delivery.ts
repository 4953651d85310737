import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  actualAddressSchema,
  availabilityAnswerSchema,
  loadAddressAnswerSchema,
  preferencesSchema,
  validateAnswerSchema,
  type AvailabilityItem,
} from '@stemline/shared';

/** The bearer token the signed-in page keeps (spec §9 local-storage key `token`). */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('the page has no session token');
  return token;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The arrival calendar of one month, as the server answers it. */
export async function apiAvailability(
  request: APIRequestContext,
  token: string,
  year: number,
  month: number,
): Promise<AvailabilityItem[]> {
  const response = await request.post(`/api/availability/delivery_date/${year}/${month}`, {
    headers: auth(token),
    data: {},
  });
  expect(response.ok()).toBe(true);
  return availabilityAnswerSchema.parse(await response.json()).items;
}

/** The server's address book of the token's customer (`load_address`). */
export async function apiAddresses(request: APIRequestContext, token: string) {
  const response = await request.post('/api/cs/run', {
    headers: auth(token),
    data: { key: 'load_address', params: {} },
  });
  expect(response.ok()).toBe(true);
  return loadAddressAnswerSchema.parse(await response.json()).results;
}

/** The user as the server now sees it: its preferences and selected address. */
export async function apiUser(request: APIRequestContext, token: string) {
  const response = await request.get('/api/security/validate', { params: { token } });
  const { user } = validateAnswerSchema.parse(await response.json());
  if (!user) throw new Error('the token is not valid');
  const actual = user.metadata.customer_actual_address;
  return {
    preferences: preferencesSchema.parse(JSON.parse(user.metadata.preferences)),
    actualAddress: actual ? actualAddressSchema.parse(JSON.parse(actual)) : null,
  };
}

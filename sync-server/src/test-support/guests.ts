import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { publicTokenAnswerSchema, verifyEmailAccountAnswerSchema } from '@stemline/shared';
import { createOutboxReader } from '../mail/outbox-repository';
import type { TestServer } from './test-server';

/** The delivery address tests choose for a guest. */
export const GUEST_ADDRESS = {
  address: '9 Dock Road',
  city: 'Newark',
  state: 'NJ',
  zipcode: '07105',
} as const;

/**
 * What the owner of a guest email does: opens the newest verification link mailed to it, read
 * from the outbox (as the mailbox would receive it), and gets the session it signs.
 */
export async function followMailedLink(t: TestServer, email: string): Promise<string> {
  const mail = (await createOutboxReader(t.server.context.engine)({ to: email })).find(
    (entry) => entry.kind === 'email_verification',
  );
  const link = mail?.links[0];
  if (!link) throw new Error(`no verification mail to ${email}`);
  const visitor = publicTokenAnswerSchema.parse(
    (await t.get('/api/security/public_token')).body,
  ).token;
  const params = Object.fromEntries(new URL(link).searchParams.entries());
  const answer = await t.post('/api/cs/run', { key: 'verify_email_account', params }, visitor);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return verifyEmailAccountAnswerSchema.parse(answer.body).token ?? '';
}

/** Saves `GUEST_ADDRESS` and chooses it for the order (spec §4 select: save false). */
export async function chooseNewAddress(t: TestServer, token: string): Promise<void> {
  const _KEY = randomUUID();
  for (const save of [true, false]) {
    const params = { slAddress: GUEST_ADDRESS, save, update: false, _KEY };
    const answer = await t.post('/api/cs/run', { key: 'customer_address', params }, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
}

/**
 * A guest ready to order (shared `orderBlocker`): its email confirmed through the mailed link
 * and a delivery address chosen. Answers the session the link signed.
 */
export async function guestReadyToOrder(
  t: TestServer,
  token: string,
  email: string,
): Promise<string> {
  const sent = await t.post(
    '/api/cs/run',
    { key: 'send_email_verification', params: { email } },
    token,
  );
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const confirmed = await followMailedLink(t, email);
  await chooseNewAddress(t, confirmed);
  return confirmed;
}

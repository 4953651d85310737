import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  analyticsEventSchema,
  CLAIM_ERROR_MESSAGE_MAX,
  claimMessages,
  type ClaimFinishArgs,
} from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { openClaimPhotoDb, type ClaimDraft } from '../../storage/claim-photo-db';
import { track } from '../analytics/track';
import { claimErrorEvent } from './claim-error-event';
import { drainClaims } from './claim-uploader';

vi.mock('../analytics/track', () => ({ track: vi.fn() }));

const args: Omit<ClaimFinishArgs, 'folder_key'> = {
  claim_key: 'claim-0001',
  order_key: 'o-1042',
  lines: [
    { line_no: 1, units: 10 },
    { line_no: 3, units: 2 },
  ],
  reason: 'Broken stems',
  comment: '',
};
const draft: ClaimDraft = {
  claimKey: 'claim-0001',
  args,
  folderKey: 'f-1',
  state: 'queued',
  orderNumber: 'PO-1042',
  createdAt: 1,
};

describe('claimErrorEvent', () => {
  it('names the claim, its order and lines, and the server refusal, in the shape the server takes', () => {
    const props = claimErrorEvent(draft, { code: 'invalid_quantity', message: 'Too many units' });
    expect(props).toEqual({
      name: 'claim_error',
      claim_key: 'claim-0001',
      order_key: 'o-1042',
      order_number: 'PO-1042',
      line_nos: [1, 3],
      code: 'invalid_quantity',
      message: 'Too many units',
    });
    expect(analyticsEventSchema.safeParse({ props }).success).toBe(true);
  });

  it('leaves duplicate claims to the duplicate-claim messages', () => {
    const message = claimMessages.duplicateClaim('Rose Freedom');
    expect(claimErrorEvent(draft, { code: 'conflict', message })).toBeNull();
  });

  it('cuts an overlong message and leaves out a code the schema would refuse', () => {
    const props = claimErrorEvent(draft, { code: 'Not A Code', message: 'x'.repeat(2_000) });
    expect(props?.message).toHaveLength(CLAIM_ERROR_MESSAGE_MAX);
    expect(props).not.toHaveProperty('code');
    expect(analyticsEventSchema.safeParse({ props }).success).toBe(true);
  });
});

describe('drainClaims', () => {
  const photos = openClaimPhotoDb('c-claim-error-test');
  /** An account database holding only a rejected `claim_finish` of `draft`, and no claim. */
  const db = {
    claims: { findOne: () => ({ exec: () => Promise.resolve(null) }) },
    mutations: {
      find: () => ({
        exec: () =>
          Promise.resolve([
            {
              status: 'rejected',
              code: 'not_found',
              message: 'That order was not found.',
              args: { ...args, folder_key: 'f-1' },
            },
          ]),
      }),
    },
  } as unknown as AccountDb;

  beforeEach(async () => {
    await photos.drafts.put(draft);
  });
  afterEach(async () => {
    await photos.drafts.clear();
    vi.mocked(track).mockClear();
  });

  it('logs a refused claim as one claim-error event, and keeps the refusal for the buyer', async () => {
    await drainClaims(db, photos);
    await drainClaims(db, photos);
    expect(track).toHaveBeenCalledTimes(1);
    expect(track).toHaveBeenCalledWith(
      'claim_error',
      expect.objectContaining({
        claim_key: 'claim-0001',
        order_key: 'o-1042',
        line_nos: [1, 3],
        code: 'not_found',
        message: 'That order was not found.',
      }),
    );
    expect((await photos.drafts.get('claim-0001'))?.rejected).toBe('That order was not found.');
  });
});

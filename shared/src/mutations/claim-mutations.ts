import { claimFinishArgsSchema, claimRefArgsSchema } from '../schemas/claims';
import { defineMutation } from './define-mutation';

/**
 * Claims on delivered flowers (sync-server/src/claims/mutations.ts). The device queues
 * `claim_finish` only once the claim's photos are uploaded (pwa/src/storage/claim-photo-db.ts),
 * so the server always finds them in the claim's folder.
 */
export const claimMutations = {
  claim_finish: defineMutation({ args: claimFinishArgsSchema, collections: ['claims'] }),
  claim_update: defineMutation({ args: claimFinishArgsSchema, collections: ['claims'] }),
  claim_delete: defineMutation({ args: claimRefArgsSchema, collections: ['claims'] }),
};

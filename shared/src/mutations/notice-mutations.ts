import { dismissNoticesArgsSchema } from '../schemas/notices';
import { defineMutation } from './define-mutation';

/** Notices to the buyer (sync-server/src/notices/mutations.ts). */
export const noticeMutations = {
  dismiss_notices: defineMutation({ args: dismissNoticesArgsSchema, collections: ['notices'] }),
};

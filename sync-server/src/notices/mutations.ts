import type { AppContext } from '../app-context';
import type { FeatureMutations } from '../kernel/mutation-handler';
import { createDismissNotices } from './dismiss-notices';

/** The queued mutations of notices: dismissing always applies, even for unknown keys. */
export function createNoticeMutations(app: AppContext): FeatureMutations<'dismiss_notices'> {
  const dismissNotices = createDismissNotices(app);
  return {
    dismiss_notices: async (customerKey, args) => {
      await dismissNotices(customerKey, args);
      return { status: 'applied', message: null, touched: ['notices'] };
    },
  };
}

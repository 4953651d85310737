import { accountMessages } from '@stemline/shared';
import type { CheckedResult } from '../../api/checked-call';
import { showToast } from '../../ui';
import { failureText } from './account-api';

/**
 * How an account-area save (add or edit a user, change the password) tells the user it cannot
 * go on. Contract: each shows one error toast and answers what it showed, so the caller can put
 * the same words by a field.
 */

/** Without the network the save stops before calling: true when it stopped (toast shown). */
export function stoppedOffline(online: boolean): boolean {
  if (online) return false;
  showToast({ title: accountMessages.accountNeedsNetwork, variant: 'error' });
  return true;
}

/** A failed call: offline, the server's own message, or the generic service failure. */
export function showSaveFailure<T>(answer: Extract<CheckedResult<T>, { ok: false }>): string {
  const text = failureText(
    answer,
    accountMessages.accountNeedsNetwork,
    accountMessages.serviceFailure,
  );
  showToast({ title: text, variant: 'error' });
  return text;
}

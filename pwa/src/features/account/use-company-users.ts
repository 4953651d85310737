import { useCallback, useEffect, useState } from 'react';
import { accountMessages, type UserSummary } from '@stemline/shared';
import { accountApi, failureText } from './account-api';

/** The users list as the account area shows it: loading, its users, or why it has none. */
export type CompanyUsersState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; users: UserSummary[] }
  | { status: 'failed'; offline: boolean; message: string };

/**
 * The users of a customer (run `list_user`): the signed-in user's own customer, or for staff
 * the one named. Loads when `enabled` and the customer change; `reload` fetches again, and
 * `replace` puts one answered user in place (after add or edit) without a round trip.
 */
export function useCompanyUsers(enabled: boolean, customer?: string) {
  const [generation, setGeneration] = useState(0);
  const request = `${customer ?? ''}#${generation}`;
  // The answer of the latest request, tagged with it: another request in flight reads as loading.
  const [answered, setAnswered] = useState<{ request: string; state: CompanyUsersState } | null>(
    null,
  );

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    void accountApi.listUsers(customer).then((answer) => {
      if (cancelled) return;
      setAnswered({
        request,
        state: answer.ok
          ? { status: 'loaded', users: answer.data.results }
          : {
              status: 'failed',
              offline: answer.offline,
              message: failureText(
                answer,
                accountMessages.accountNeedsNetwork,
                accountMessages.usersLoadFailed,
              ),
            },
      });
    });
    return () => {
      cancelled = true;
    };
  }, [enabled, customer, request]);

  const state: CompanyUsersState = !enabled
    ? { status: 'idle' }
    : answered?.request === request
      ? answered.state
      : { status: 'loading' };
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const replace = useCallback((user: UserSummary) => {
    setAnswered((current) => {
      if (current?.state.status !== 'loaded') return current;
      const users = current.state.users;
      const known = users.some((entry) => entry.key === user.key);
      return {
        request: current.request,
        state: {
          status: 'loaded',
          users: known
            ? users.map((entry) => (entry.key === user.key ? user : entry))
            : [...users, user],
        },
      };
    });
  }, []);
  return { state, reload, replace };
}

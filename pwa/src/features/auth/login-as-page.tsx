import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { accountMessages } from '@stemline/shared';
import { EmptyState, LinkButton, Spinner } from '../../ui';
import { authApi } from './auth-api';
import { completeSignIn } from './complete-sign-in';

/**
 * Staff login-as (a path containing login_as, spec §2): the customer-relationship service opens
 * `/login_as?token=…` with a token from `login_as_customer`; it is validated and the session
 * kept, marked as from a manager, in this tab only (spec §6: login-as sessions are skipped by
 * local-storage syncing), so the staff's own session and other tabs stay as they were. A
 * missing or bad token says so and leaves this device's session alone (`authApi.validate`).
 */
export function LoginAsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [failed, setFailed] = useState(token === '');
  useEffect(() => {
    if (token === '') return;
    let cancelled = false;
    void authApi.validate(token).then((answer) => {
      if (cancelled) return;
      if (
        answer.ok &&
        answer.data.user &&
        completeSignIn(token, answer.data.user, undefined, 'tab')
      ) {
        void navigate('/shopping/home', { replace: true });
      } else setFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [token, navigate]);
  // A bad link changes nothing: whoever was signed in on this device stays signed in.
  return failed ? (
    <EmptyState
      title={accountMessages.unableToLogin}
      action={
        <LinkButton href="/shopping/home" variant="secondary">
          Back to the shop
        </LinkButton>
      }
    >
      This login-as link is not valid any more.
    </EmptyState>
  ) : (
    <div className="app-loading">
      <Spinner aria-label="Logging in" />
    </div>
  );
}

import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { mailMessages, unsubscribeAnswerSchema } from '@stemline/shared';
import { apiRequest } from '../../api/client';
import { Button, LinkButton } from '../../ui';
import './unsubscribe-page.css';

type Outcome =
  | { status: 'working' }
  | { status: 'done'; label: string }
  | { status: 'invalid' }
  | { status: 'offline' };

/**
 * `/unsubscribe?token=…`, the page every mail's unsubscribe link opens: one click turns that
 * mail's option off, without logging in (the signed token says whose and which). The welcome
 * modal stays away from this path (welcome-rules.ts), and a bad link says so and changes nothing.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(
    token === '' ? { status: 'invalid' } : { status: 'working' },
  );

  const unsubscribe = useCallback(async (): Promise<Outcome> => {
    const answer = await apiRequest('/api/mail/unsubscribe', {
      method: 'POST',
      body: { token },
      withoutSession: true,
    });
    if (!answer.success) return answer.offline ? { status: 'offline' } : { status: 'invalid' };
    const parsed = unsubscribeAnswerSchema.safeParse(answer.data);
    return parsed.success ? { status: 'done', label: parsed.data.label } : { status: 'invalid' };
  }, [token]);

  useEffect(() => {
    if (token === '') return;
    let cancelled = false;
    void unsubscribe().then((result) => {
      if (!cancelled) setOutcome(result);
    });
    return () => {
      cancelled = true;
    };
  }, [token, unsubscribe]);

  return (
    <section className="unsubscribe" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">Unsubscribe</h1>
      <div role="status">
        {outcome.status === 'working' && <p>{mailMessages.unsubscribeWorking}</p>}
        {outcome.status === 'done' && <p>{mailMessages.unsubscribeDone(outcome.label)}</p>}
        {outcome.status === 'offline' && <p>{mailMessages.unsubscribeOffline}</p>}
      </div>
      {outcome.status === 'invalid' && <p role="alert">{mailMessages.unsubscribeInvalid}</p>}
      <div className="unsubscribe__actions">
        {outcome.status === 'offline' && (
          <Button
            onPress={() => {
              setOutcome({ status: 'working' });
              void unsubscribe().then(setOutcome);
            }}
          >
            Try again
          </Button>
        )}
        <LinkButton href="/shopping/home/account" variant="secondary">
          Notification options
        </LinkButton>
        <LinkButton href="/shopping/home" variant="secondary">
          Back to the shop
        </LinkButton>
      </div>
    </section>
  );
}

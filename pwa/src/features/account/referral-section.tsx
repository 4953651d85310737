import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { accountMessages, emailProblem } from '@stemline/shared';
import { useSyncReachable } from '../../sync/use-sync-status';
import { Button, TextField, showToast } from '../../ui';
import { accountApi, failureText } from './account-api';

/**
 * Refer a friend (spec §1, §9: the friend gets 15% off the first order): mails the friend a
 * sign-up link with this customer's referral code through run `send_referral`. Guests cannot
 * refer until they create their full account. Needs the network. A friend invited today already,
 * or past the daily mail cap, gets no mail: the field shows the server's message.
 */
export function ReferralSection({ isGuest }: { isGuest: boolean }) {
  const online = useSyncReachable();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = async (): Promise<void> => {
    const problem = emailProblem(email);
    setError(problem);
    if (problem) return;
    if (!online) {
      showToast({ title: accountMessages.accountNeedsNetwork, variant: 'error' });
      return;
    }
    setBusy(true);
    const friend = email.trim().toLowerCase();
    const answer = await accountApi.sendReferral([friend]);
    setBusy(false);
    if (!answer.ok) {
      const text = failureText(
        answer,
        accountMessages.accountNeedsNetwork,
        accountMessages.referralNotSent,
      );
      setError(text);
      showToast({ title: text, variant: 'error' });
      return;
    }
    if (answer.data.sent === 0) {
      // Invited today already, or the company's daily mail cap: the server says which.
      const text = answer.data.message ?? accountMessages.referralNotSent;
      setError(text);
      showToast({ title: text, variant: 'error' });
      return;
    }
    setEmail('');
    setSentTo(friend);
    showToast({ title: accountMessages.referralSent(answer.data.sent), variant: 'success' });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!busy) void send();
  };

  return (
    <section className="account-card" aria-labelledby="account-referral-title">
      <h2 id="account-referral-title">Refer a friend</h2>
      <p className="account-card__note">
        Invite another florist or designer: your friend gets 15% off their first order.
      </p>
      {isGuest ? (
        <p className="account-card__note">{accountMessages.referralNeedsFullAccount}</p>
      ) : (
        <Form onSubmit={onSubmit} className="account-form" validationBehavior="aria">
          <TextField
            label="Your friend's email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(value) => {
              setEmail(value);
              setError(null);
            }}
            errorMessage={error ?? undefined}
            isRequired
          />
          {!online && (
            <p className="account-card__offline">{accountMessages.accountNeedsNetwork}</p>
          )}
          <div className="account-form__actions">
            <Button type="submit" isPending={busy} isDisabled={!online}>
              Send invitation
            </Button>
          </div>
          {sentTo && (
            <p className="account-card__success" role="status">
              Invitation sent to {sentTo}.
            </p>
          )}
        </Form>
      )}
    </section>
  );
}

import { useState } from 'react';
import { guestMessages, stemlineMessages, type User } from '@stemline/shared';
import { isEmailOnlySession } from '../../session/mailbox-proof';
import { Button, showToast } from '../../ui';

/**
 * Whether this guest still has to open the mailed verification link: its session was made from
 * an email alone (it sees prices and fills a new cart only), or its email was never confirmed
 * (spec §4 preference `email_verified`), which a guest needs to order (shared `orderBlocker`).
 */
export function needsEmailConfirmation(user: User): boolean {
  if (!user.metadata.guest) return false;
  return isEmailOnlySession(user) || !emailVerified(user);
}

/** Spec §4 preference `email_verified` of the user's customer. */
export function emailVerified(user: User): boolean {
  try {
    const preferences = JSON.parse(user.metadata.preferences) as { email_verified?: unknown };
    return preferences.email_verified === true;
  } catch {
    return false;
  }
}

/**
 * The one-tap 'Email me the link' (spec §2 verification link, `send_email_verification`) with
 * the answer as a toast: where the link went, or why it did not.
 */
export function SendLinkButton({ email, size = 'sm' }: { email: string; size?: 'sm' | 'md' }) {
  const [sending, setSending] = useState(false);
  const send = async (): Promise<void> => {
    setSending(true);
    // The account calls load with the first press, not with a guest's first screen (issue 28).
    const answer = await import('./auth-api').then(
      ({ authApi }) => authApi.sendEmailVerification(email),
      () => null,
    );
    setSending(false);
    if (answer?.ok && answer.data.success) {
      showToast({ title: guestMessages.linkSentTo(email), variant: 'success' });
    } else {
      showToast({
        title:
          !answer || (!answer.ok && answer.offline)
            ? stemlineMessages.networkNeeded
            : guestMessages.linkNotSent,
        variant: 'error',
      });
    }
  };
  return (
    <Button variant="secondary" size={size} isPending={sending} onPress={() => void send()}>
      {guestMessages.sendLink}
    </Button>
  );
}

/** Says why the mailbox must be proven, with the button that mails the link. */
export function ConfirmEmailPanel({ user }: { user: User }) {
  return (
    <section className="confirm-email" aria-labelledby="confirm-email-title" role="region">
      <h2 id="confirm-email-title">{guestMessages.confirmEmailTitle}</h2>
      <p>{guestMessages.confirmEmailWhy(user.email)}</p>
      <SendLinkButton email={user.email} size="md" />
    </section>
  );
}

import { useEffect, useState } from 'react';
import { mailboxAnswerSchema, type MailboxAnswer } from '@stemline/shared';
import { apiRequest } from '../../api/client';
import { Button, EmptyState, Link, Skeleton } from '../../ui';

type Mail = MailboxAnswer['results'][number];

/** Same-origin links become app paths, so following one stays in this tab's app. */
function appHref(link: string): string {
  try {
    const url = new URL(link);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : link;
  } catch {
    return link;
  }
}

/** A mail's text with each link made clickable. */
function MailText({ mail }: { mail: Mail }) {
  const parts = mail.text.split(/(https?:\/\/[^\s<>"']+)/g);
  return (
    <pre className="dev-mailbox__text">
      {parts.map((part, index) =>
        mail.links.includes(part) ? (
          <Link key={index} href={appHref(part)}>
            {part}
          </Link>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

/**
 * The dev mailbox: the server's mail outbox (password-reset, verification and referral mail),
 * so a developer can follow a link without a mail server. The server answers it only with
 * DEV_MAILBOX=1 and only to this machine (loopback); otherwise the page shows the failure.
 */
export function DevMailboxPage() {
  const [mails, setMails] = useState<Mail[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    let cancelled = false;
    void apiRequest<unknown>('/api/dev/mailbox').then((answer) => {
      if (cancelled) return;
      const parsed = mailboxAnswerSchema.safeParse(answer.data);
      if (answer.success && parsed.success) {
        setMails(parsed.data.results);
        setError(null);
      } else {
        setError(
          answer.status === 404
            ? 'The dev mailbox is off: start the server with DEV_MAILBOX=1 and open it on that machine.'
            : answer.success
              ? 'The mailbox answer was not readable.'
              : answer.error,
        );
      }
    });
    return () => {
      cancelled = true;
    };
  }, [reload]);

  return (
    <section className="dev-mailbox" aria-labelledby="dev-mailbox-title">
      <header className="dev-mailbox__header">
        <h1 id="dev-mailbox-title">Dev mailbox</h1>
        <Button variant="secondary" onPress={() => setReload((value) => value + 1)}>
          Refresh
        </Button>
      </header>
      <p className="auth-note auth-note--muted">
        Every mail the server wrote, newest first. For development only.
      </p>
      {error ? (
        <EmptyState title="No mailbox">{error}</EmptyState>
      ) : mails === null ? (
        <Skeleton className="dev-mailbox__skeleton" />
      ) : mails.length === 0 ? (
        <EmptyState title="No mail yet">Ask for a password reset to see one here.</EmptyState>
      ) : (
        <ol className="dev-mailbox__list">
          {mails.map((mail) => (
            <li key={mail.id} className="dev-mailbox__mail">
              <article aria-label={`${mail.subject} to ${mail.to}`}>
                <h2>{mail.subject}</h2>
                <p className="dev-mailbox__meta">
                  To {mail.to} · {new Date(mail.created_at).toLocaleString()} ·{' '}
                  {mail.sent_at ? 'sent by SMTP' : 'outbox only'}
                </p>
                <MailText mail={mail} />
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

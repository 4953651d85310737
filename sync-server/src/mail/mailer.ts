import nodemailer, { type Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import { MAIL_LINK } from './mail-links';
import type { OutboxRepository } from './outbox-repository';

/** One mail as the features write it; the text body is the whole mail (links on their own lines). */
export interface OutgoingMail {
  /** What the mail is for: password_reset, email_verification, referral… */
  kind: string;
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (the outbox and the console keep the text). */
  html?: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

/**
 * The console line of a mail the server has no SMTP server for: whoever runs `npm start` reads
 * the reset or verification link there (one line, then each link on its own line).
 */
export function consoleMailLine(mail: OutgoingMail): string {
  const links = mail.text.match(MAIL_LINK) ?? [];
  // A subject carries a customer's company name: no control characters into the log.
  const flat = (text: string) => text.replace(/\p{Cc}/gu, ' ');
  return [
    `[stemline] mail to ${flat(mail.to)}: ${flat(mail.subject)}`,
    ...links.map((link) => `  ${link}`),
  ].join('\n');
}

/**
 * Every mail goes into the `mail_outbox` table first (the dev mailbox reads it). When SMTP_URL
 * is set, nodemailer then sends it in the background and records `sent_at` or the error; a
 * failing mail server never fails the request that wrote the mail. Without SMTP_URL each mail is
 * printed to the console (stdout), so a password reset can be finished on a fresh `npm start`.
 */
export function createMailer(outbox: OutboxRepository, config: ServerConfig, now: () => number) {
  const { smtpUrl, mailFrom } = config.accounts;
  const transport: Transporter | undefined = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : undefined;
  const inFlight = new Set<Promise<void>>();

  return {
    /** Writes the mail to the outbox and, with SMTP configured, starts sending it. */
    async send(mail: OutgoingMail): Promise<number> {
      const id = await outbox.add(mail, now());
      if (transport) {
        const sending = transport
          .sendMail({
            from: mailFrom,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            ...(mail.html === undefined ? {} : { html: mail.html }),
            ...(mail.headers === undefined ? {} : { headers: mail.headers }),
          })
          .then(
            () => outbox.markSent(id, now()),
            (error: unknown) =>
              outbox.markFailed(id, error instanceof Error ? error.message : String(error)),
          )
          .finally(() => inFlight.delete(sending));
        inFlight.add(sending);
      } else {
        console.log(consoleMailLine(mail));
      }
      return id;
    },
    /** Resolves once every mail started so far has been handed over or has failed. */
    async flush(): Promise<void> {
      await Promise.allSettled([...inFlight]);
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;

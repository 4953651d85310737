import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { startTestServer, type TestServer } from './test-server';

/** One message the local SMTP server took: its envelope and the raw RFC 5322 text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpTestServer {
  /** The app, sending its mail to the local SMTP server, with links on the public address. */
  t: TestServer;
  /** Every message delivered so far, in order. */
  received: ReceivedMail[];
  /** Ends the app and the SMTP server. */
  stop: () => Promise<void>;
}

/** The public address mail links point to in these tests. */
const PUBLIC_URL = 'https://shop.stemline.example';

/**
 * Starts a real SMTP server (the `smtp-server` package, on a free local port, no TLS, no login)
 * that keeps what it receives, and a test server whose mailer delivers to it. For the tests of
 * mail over SMTP; `stop()` ends both.
 */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  const t = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL } });
  return {
    t,
    received,
    stop: async () => {
      await t.stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

/** A quoted-printable body decoded to text (UTF-8). */
export function decodeQuotedPrintable(body: string): string {
  return Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

import {
  cartLineSchema,
  marketMonth,
  notificationOptionOn,
  preferencesFromText,
  type CartLine,
  type NotificationOption,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { scheduledJob } from '../db/scheduled-job';
import { createMailRenderer } from '../mail/mail-renderer';
import type { OutgoingMail } from '../mail/mailer';
import { unsubscribeHeaders, unsubscribeUrl } from '../mail/unsubscribe-link';
import { createStatements } from '../statements/routes';
import { cartReminderDue } from './cart-reminder-rule';
import { cartReminderMail } from './cart-reminder-mail';
import { marketDayPeriod, marketWeekPeriod } from './mail-periods';
import {
  createScheduledMailRepository,
  type MailRecipient,
  type ScheduledMailKind,
} from './scheduled-mail-repository';
import { weeklyStatementMail } from './weekly-statement-mail';

/** How often the server looks for mails that are due. */
export const SCHEDULED_MAIL_INTERVAL_MS = 5 * 60_000;

/** How many mails of each kind one run queued. */
export interface ScheduledMailRun {
  weeklyStatements: number;
  cartReminders: number;
}

/** A customer's live cart lines from their stored docs; a doc that does not parse is skipped. */
function cartsByCustomer(
  rows: readonly { customer_key: string; preferences: string; doc: string }[],
): Map<string, { preferences: string; lines: CartLine[] }> {
  const carts = new Map<string, { preferences: string; lines: CartLine[] }>();
  for (const row of rows) {
    let parsed;
    try {
      parsed = cartLineSchema.safeParse(JSON.parse(row.doc));
    } catch {
      continue;
    }
    if (!parsed.success) continue;
    const cart = carts.get(row.customer_key) ?? { preferences: row.preferences, lines: [] };
    cart.lines.push(parsed.data);
    carts.set(row.customer_key, cart);
  }
  return carts;
}

/**
 * The mails the server sends by itself: the weekly statement to customers who turned on
 * `customer_statement_email_weekly` (one per ISO week, market time), and the cart reminder to
 * customers whose cart has held a line for 24 hours without a checkout (`cartReminderDue`; at
 * most one per market day), unless `notify_cart_reminder` is off. Each mail is queued in one
 * transaction with its key (kind, customer, period) in `scheduled_mails`, so running twice,
 * on a timer and by a test, or on two processes, sends it once. `origin` is where the links
 * point (PUBLIC_URL, else the listening address).
 */
export function createMailScheduler(app: AppContext, origin: () => string) {
  const repository = createScheduledMailRepository(app.engine);
  const statements = createStatements(app);
  const renderer = createMailRenderer();
  const { mailer } = app.services;
  const exclusive = scheduledJob(app.engine, 'stemline:scheduled-mails');

  const links = (customerKey: string, option: NotificationOption) => {
    const target = { customerKey, option };
    return {
      origin: origin(),
      unsubscribeUrl: unsubscribeUrl(origin(), app.jwtSecret, target),
      headers: unsubscribeHeaders(origin(), app.jwtSecret, target),
    };
  };

  // The key and the outbox row commit together; SMTP delivery starts after the commit, since
  // nodemailer hands the mail over asynchronously (`send` only queues it: no I/O is awaited in
  // the transaction). The mail is built only once the key is ours.
  const queueOnce = app.transactional(
    async (
      kind: ScheduledMailKind,
      customerKey: string,
      period: string,
      nowMs: number,
      build: () => OutgoingMail,
    ): Promise<boolean> => {
      if (!(await repository.claim(kind, customerKey, period, nowMs))) return false;
      await repository.recordMail(kind, customerKey, period, await mailer.send(build()));
      return true;
    },
  );

  async function weeklyStatements(nowMs: number): Promise<number> {
    const period = marketWeekPeriod(nowMs);
    const month = marketMonth(nowMs);
    let queued = 0;
    for (const customer of await repository.weeklyStatementCandidates(period)) {
      const preferences = preferencesFromText(customer.preferences);
      if (!notificationOptionOn(preferences, 'customer_statement_email_weekly')) continue;
      const recipient = await repository.recipient(customer.key);
      const statement = await statements.ofCustomer(customer.key, month);
      if (!recipient || !statement) continue;
      const build = () =>
        weeklyStatementMail(
          renderer,
          recipient,
          statement,
          links(customer.key, 'customer_statement_email_weekly'),
        );
      if (await queueOnce('weekly_statement', customer.key, period, nowMs, build)) queued += 1;
    }
    return queued;
  }

  async function cartReminders(nowMs: number): Promise<number> {
    const period = marketDayPeriod(nowMs);
    let queued = 0;
    for (const [customerKey, cart] of cartsByCustomer(await repository.heldCartLines())) {
      if (!notificationOptionOn(preferencesFromText(cart.preferences), 'notify_cart_reminder')) {
        continue;
      }
      const held = {
        oldestAddedAt: Math.min(...cart.lines.map((line) => line.added_at)),
        lastChangedAt: Math.max(
          ...cart.lines.map((line) => Math.max(line.added_at, line.updated_at)),
        ),
      };
      if (!cartReminderDue(held, await repository.lastSent('cart_reminder', customerKey), nowMs))
        continue;
      const recipient: MailRecipient | undefined = await repository.recipient(customerKey);
      if (!recipient) continue;
      const lines = [...cart.lines].sort(
        (a, b) => a.eta_date - b.eta_date || a.added_at - b.added_at,
      );
      const build = () =>
        cartReminderMail(renderer, recipient, lines, links(customerKey, 'notify_cart_reminder'));
      if (await queueOnce('cart_reminder', customerKey, period, nowMs, build)) queued += 1;
    }
    return queued;
  }

  let timer: NodeJS.Timeout | undefined;
  const scheduler = {
    /**
     * Queues every scheduled mail due at `nowMs` (the server clock by default), in one
     * transaction on one node at a time (db/scheduled-job.ts): a run while another node is at
     * it queues nothing.
     */
    async run(nowMs: number = app.now()): Promise<ScheduledMailRun> {
      const tick = await exclusive(async () => {
        const weekly = await weeklyStatements(nowMs);
        return { weeklyStatements: weekly, cartReminders: await cartReminders(nowMs) };
      });
      return tick.ran ? tick.value : { weeklyStatements: 0, cartReminders: 0 };
    },
    /** Runs now and then every `SCHEDULED_MAIL_INTERVAL_MS` until `stop`. */
    start(): void {
      const tick = () => {
        scheduler
          .run()
          .catch((error: unknown) => console.error('[stemline] scheduled mails failed:', error));
      };
      tick();
      timer = setInterval(tick, SCHEDULED_MAIL_INTERVAL_MS);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
    },
    /** Resolves once every mail handed to SMTP so far has been sent or has failed. */
    flush: () => mailer.flush(),
  };
  return scheduler;
}
export type MailScheduler = ReturnType<typeof createMailScheduler>;

import { readdirSync } from 'node:fs';
import Router from '@koa/router';
import { mailMessages, sentEmailTemplateArgsSchema } from '@stemline/shared';
import { publicOrigin } from '../accounts/public-origin';
import type { AppContext } from '../app-context';
import { requireStaff } from '../auth/staff-access';
import { DomainError } from '../kernel/domain-error';
import { createMailRenderer, MAIL_TEMPLATE_DIR } from '../mail/mail-renderer';
import { unsubscribeHeaders, unsubscribeUrl } from '../mail/unsubscribe-link';
import { createTemplateCustomerRepository } from './template-customer-repository';

const SUBJECTS: Record<string, string> = {
  welcome: 'Welcome to Stemline',
  event_planning: 'Plan the flowers for your next event',
};

/** Whether the stored preferences say no to promos, explicitly (an unsubscribe link does). */
function saidNoToPromos(preferencesText: string): boolean {
  try {
    return (JSON.parse(preferencesText) as { notify_promos?: unknown }).notify_promos === false;
  } catch {
    return false;
  }
}

/**
 * `POST /api/mail/sent_email_template {template, customer}` (staff): renders one of the server's
 * mail templates (`sync-server/mail-templates/<name>.eta`, plain text, and `<name>.html.eta`
 * when there is one) for the customer's main user and mails it. Only templates in the folder
 * and in `SUBJECTS` can be named. These mails are promos: each carries the customer's promos
 * unsubscribe link, and a customer who turned promos off is not mailed (409).
 */
export function mailTemplateRoutes(app: AppContext): Router {
  const router = new Router();
  const { managers: directory } = app.repos;
  const customers = createTemplateCustomerRepository(app.engine);
  const { mailer } = app.services;
  const renderer = createMailRenderer();
  const available = new Set(
    readdirSync(MAIL_TEMPLATE_DIR)
      .filter((file) => file.endsWith('.eta') && !file.endsWith('.html.eta'))
      .map((file) => file.slice(0, -'.eta'.length))
      .filter((name) => Object.hasOwn(SUBJECTS, name)),
  );

  router.post('/api/mail/sent_email_template', async (ctx) => {
    await requireStaff(ctx, app);
    const args = sentEmailTemplateArgsSchema.parse(ctx.request.body);
    if (!available.has(args.template)) throw new DomainError('not_found', 'No such mail template.');
    const contact = await directory.contact(args.customer);
    const customer = await customers.customer(args.customer);
    if (!contact || !customer) throw new DomainError('not_found', 'No such customer.');
    if (saidNoToPromos(customer.preferences)) {
      throw new DomainError('conflict', mailMessages.promosOff);
    }
    const origin = publicOrigin(app, ctx);
    const target = { customerKey: args.customer, option: 'notify_promos' as const };
    const body = renderer.render(args.template, {
      firstName: contact.first_name,
      company: customer.name,
      origin,
      unsubscribeUrl: unsubscribeUrl(origin, app.jwtSecret, target),
    });
    await mailer.send({
      kind: `template_${args.template}`,
      to: contact.email,
      subject: SUBJECTS[args.template] ?? 'Stemline',
      ...body,
      headers: unsubscribeHeaders(origin, app.jwtSecret, target),
    });
    ctx.body = { success: true, template: args.template, to: contact.email };
  });
  return router;
}

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Router from '@koa/router';
import { Eta } from 'eta';
import { sentEmailTemplateArgsSchema } from '@stemline/shared';
import { publicOrigin } from '../accounts/public-origin';
import { createManagerDirectory } from '../account-manager/manager-directory';
import type { AppContext } from '../app-context';
import { requireStaff } from '../auth/staff-access';
import { createUserRepository } from '../auth/user-repository';
import { DomainError } from '../http/domain-error';
import { createMailer } from '../mail/mailer';

/** The mail templates: `sync-server/mail-templates/<name>.eta`, plain text rendered by Eta. */
const TEMPLATE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../mail-templates',
);

const SUBJECTS: Record<string, string> = {
  welcome: 'Welcome to Stemline',
  event_planning: 'Plan the flowers for your next event',
};

/**
 * `POST /api/mail/sent_email_template {template, customer}` (staff): renders one of the server's
 * mail templates for the customer's main user and mails it. Only templates in the folder and in
 * `SUBJECTS` can be named; their text is plain (no HTML escaping, no HTML part).
 */
export function mailTemplateRoutes(app: AppContext): Router {
  const router = new Router();
  const users = createUserRepository(app.db);
  const directory = createManagerDirectory(app.db);
  const mailer = createMailer(app);
  const eta = new Eta({ views: TEMPLATE_DIR, autoEscape: false, cache: true });
  const available = new Set(
    readdirSync(TEMPLATE_DIR)
      .filter((file) => file.endsWith('.eta'))
      .map((file) => file.slice(0, -'.eta'.length))
      .filter((name) => Object.hasOwn(SUBJECTS, name)),
  );
  const company = app.db.prepare<[string], string>('SELECT name FROM customers WHERE key = ?');

  router.post('/api/mail/sent_email_template', (ctx) => {
    requireStaff(ctx, users);
    const args = sentEmailTemplateArgsSchema.parse(ctx.request.body);
    if (!available.has(args.template)) throw new DomainError('not_found', 'No such mail template.');
    const contact = directory.contact(args.customer);
    if (!contact) throw new DomainError('not_found', 'No such customer.');
    const text = eta.render(`./${args.template}`, {
      firstName: contact.first_name,
      company: company.pluck().get(args.customer) ?? contact.name,
      origin: publicOrigin(app, ctx),
    });
    mailer.send({
      kind: `template_${args.template}`,
      to: contact.email,
      subject: SUBJECTS[args.template] ?? 'Stemline',
      text,
    });
    ctx.body = { success: true, template: args.template, to: contact.email };
  });
  return router;
}

import Router from '@koa/router';
import {
  mailMessages,
  marketMonth,
  statementNumber,
  statementNumberMonth,
  statementNumberSchema,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerKeyOf } from '../auth/require-auth';
import { DomainError } from '../kernel/domain-error';
import { createStatementHeaderRepository } from './statement-header-repository';
import { statementPdf } from './statement-pdf';
import { createStatements } from './routes';

/**
 * `GET /api/statements/:number.pdf`: one of the caller's monthly statements as a PDF download,
 * named by its number (`list_statements` answers it). A number that is not the caller's own, as
 * another customer's is, answers 404 like a number that never existed: nothing is built and no
 * byte of it is sent. So does a month that has not begun.
 */
export function statementPdfRoutes(app: AppContext): Router {
  const router = new Router();
  const statements = createStatements(app);
  const header = createStatementHeaderRepository(app.engine);
  router.get('/api/statements/:number.pdf', async (ctx) => {
    const number = statementNumberSchema.parse(ctx.params.number);
    const customerKey = customerKeyOf(ctx);
    const month = statementNumberMonth(number);
    const own = statementNumber(customerKey, month) === number;
    const statement =
      own && month <= marketMonth(app.now())
        ? await statements.ofCustomer(customerKey, month)
        : undefined;
    if (!statement) throw new DomainError('not_found', mailMessages.statementNotFound);
    const company = (await header.companyName(customerKey)) ?? '';
    const pdf = await statementPdf({ statement, company, issuedAt: app.now() });
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = 'application/pdf';
    ctx.attachment(`stemline-statement-${number}.pdf`);
    ctx.body = pdf;
  });
  return router;
}

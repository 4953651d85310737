import Router from '@koa/router';
import type { Context } from 'koa';
import {
  buildStatements,
  lastMonths,
  listStatementsParamsSchema,
  stemlineMessages,
  type Statement,
  type StatementEntry,
} from '@stemline/shared';
import { z } from 'zod';
import { createLedgerRepository } from '../account-ledger/ledger-repository';
import type { AppContext } from '../app-context';
import { customerKeyOf } from '../auth/require-auth';
import type { RunOperations } from '../http/cs-run';
import { DomainError } from '../kernel/domain-error';

/**
 * Monthly statements of the caller's customer, in whole cents, built from its orders (charges,
 * net of the account credit they took) and its ledger: credits, payments and the credit orders
 * took (`account_entries`).
 */
export function createStatements(app: AppContext) {
  const { statements } = app.repos;
  const ledger = createLedgerRepository(app.engine);

  const ownCustomer = (ctx: Context, customer: string | undefined): string => {
    const customerKey = customerKeyOf(ctx);
    if (customer !== undefined && customer !== customerKey) {
      throw new DomainError('forbidden', stemlineMessages.forbidden);
    }
    return customerKey;
  };
  const entriesOf = async (customerKey: string): Promise<StatementEntry[]> => [
    ...(await statements.charges(customerKey)).map((order): StatementEntry => ({
      kind: 'order',
      at: order.created_at,
      reference: order.number,
      amount_cents: order.total_cents,
    })),
    ...(await ledger.statementEntries(customerKey)),
  ];

  return {
    async list(ctx: Context, params: unknown): Promise<Statement[]> {
      const args = listStatementsParamsSchema.parse(params);
      const customerKey = ownCustomer(ctx, args.customer);
      return buildStatements(
        await entriesOf(customerKey),
        lastMonths(app.now(), args.months),
        customerKey,
      );
    },
    async one(ctx: Context, month: string, customer?: string): Promise<Statement> {
      const customerKey = ownCustomer(ctx, customer);
      const [statement] = buildStatements(await entriesOf(customerKey), [month], customerKey);
      if (!statement) throw new DomainError('not_found', 'No such statement.');
      return statement;
    },
    /** The customer's statement of `month` (yyyy-MM), for callers that checked who may see it. */
    async ofCustomer(customerKey: string, month: string): Promise<Statement | undefined> {
      return buildStatements(await entriesOf(customerKey), [month], customerKey)[0];
    },
  };
}

const monthParam = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
/** The CSV's query: `customer`, when sent, must be the caller's, as `list_statements` holds it. */
const csvQuery = z.object({ customer: z.string().max(64).optional() });

/** A statement as CSV: a header, one row per entry, then the opening and closing balances. */
function statementCsv(statement: Statement): string {
  const money = (cents: number) => (cents / 100).toFixed(2);
  const rows = [
    ['date', 'kind', 'reference', 'amount_usd'],
    ['', 'opening balance', '', money(statement.opening_cents)],
    ...statement.entries.map((entry) => [
      new Date(entry.at).toISOString().slice(0, 10),
      entry.kind,
      entry.reference,
      money(entry.amount_cents),
    ]),
    ['', 'closing balance', '', money(statement.closing_cents)],
  ];
  // Quoted, with a leading quote mark on what a spreadsheet would read as a formula.
  const cell = (value: string) =>
    `"${(/^-?\d+(\.\d+)?$/.test(value) ? value : value.replace(/^[=+\-@]/, "'$&")).replaceAll('"', '""')}"`;
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/**
 * `GET /api/statements/:month.csv?customer=`: one of the caller's monthly statements as a CSV
 * download; a `customer` other than the caller's is refused (403).
 */
export function statementRoutes(app: AppContext): Router {
  const router = new Router();
  const statements = createStatements(app);
  router.get('/api/statements/:month.csv', async (ctx) => {
    const month = monthParam.parse(ctx.params.month);
    const { customer } = csvQuery.parse(ctx.query);
    // Refused (403) before the headers of a download are set.
    const statement = await statements.one(ctx, month, customer);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(`stemline-statement-${month}.csv`);
    ctx.body = statementCsv(statement);
  });
  return router;
}

/** Run `list_statements {customer?, months?}` (spec §7). */
export function statementOperations(app: AppContext): RunOperations {
  const statements = createStatements(app);
  return {
    list_statements: async (ctx, params) => ({
      success: true,
      results: await statements.list(ctx, params),
    }),
  };
}

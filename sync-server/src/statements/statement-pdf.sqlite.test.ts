import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, statementNumber, type Statement } from '@stemline/shared';
import { publicToken, run } from '../test-support/accounts';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

const STANDARD_FONTS = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

/** Every line of text of a PDF, as Mozilla's PDF.js reads it (pages in order). */
async function pdfLines(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: bytes, standardFontDataUrl: STANDARD_FONTS }).promise;
  const lines: string[] = [];
  for (let page = 1; page <= pdf.numPages; page += 1) {
    const content = await (await pdf.getPage(page)).getTextContent();
    // Items on one baseline make one line of the statement (a table row's cells).
    const rows = new Map<number, string[]>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const y = Math.round(item.transform[5] as number);
      rows.set(y, [...(rows.get(y) ?? []), item.str.trim()]);
    }
    lines.push(
      ...[...rows.entries()].sort((a, b) => b[0] - a[0]).map(([, row]) => row.join(' | ')),
    );
  }
  return lines;
}

const money = formatCents;

describe('statement PDF', () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let statement: Statement;

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
    ]);
    const insert = (...values: [string, string, number, string, number]) =>
      t.sql.run(
        "INSERT INTO account_entries (key, customer_key, kind, amount_cents, note, at) VALUES (?, 'c-bennett', ?, ?, ?, ?)",
        values,
      );
    await insert(
      'pdf-pay',
      'payment',
      100_001,
      'Card payment (Visa 4242)',
      t.clock.now - 3_600_000,
    );
    await insert(
      'pdf-credit',
      'credit',
      1_999,
      'Claim CL-7: 2 bunches broken',
      t.clock.now - 7_200_000,
    );
    const answer = await run(t, 'list_statements', { months: 1 }, florist);
    const [current] = (answer.body as { results: Statement[] }).results;
    if (!current) throw new Error('no statement');
    statement = current;
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  it('numbers each statement for its customer in list_statements', () => {
    expect(statement.number).toBe(statementNumber('c-bennett', statement.month));
  });

  it('downloads as a PDF with the number, customer, period, every line and the totals to the cent', async () => {
    const answer = await fetch(`${t.url}/api/statements/${statement.number}.pdf`, {
      headers: { Authorization: `Bearer ${florist}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toContain(
      `stemline-statement-${statement.number}.pdf`,
    );
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    const lines = await pdfLines(bytes);
    expect(lines).toContain(`Statement ${statement.number}`);
    expect(lines).toContain('Customer: Bennett Blooms');
    expect(lines).toContain('Period: November 1, 2026 to November 30, 2026');
    expect(lines).toContain(`Opening balance | ${money(statement.opening_cents)}`);
    expect(lines).toContain('2026-11-18 | Payment | Card payment (Visa 4242) | -$1,000.01');
    expect(lines).toContain('2026-11-18 | Credit | Claim CL-7: 2 bunches broken | -$19.99');
    for (const entry of statement.entries) {
      expect(
        lines.some(
          (line) => line.includes(entry.reference) && line.endsWith(money(entry.amount_cents)),
        ),
      ).toBe(true);
    }
    expect(lines).toContain(`Charges | ${money(statement.charges_cents)}`);
    expect(lines).toContain(`Credits | ${money(statement.credits_cents)}`);
    expect(lines).toContain(`Payments | ${money(statement.payments_cents)}`);
    expect(lines).toContain(`Closing balance | ${money(statement.closing_cents)}`);
    const sum = statement.entries.reduce((total, entry) => total + entry.amount_cents, 0);
    expect(statement.closing_cents).toBe(statement.opening_cents + sum);
  });

  describe('as an attacker would try it', () => {
    const get = (pathname: string, token?: string) =>
      fetch(`${t.url}${pathname}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});

    it("answers another customer's statement number with a 404 and not one byte of it", async () => {
      const answer = await get(`/api/statements/${statement.number}.pdf`, newbuyer);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toContain('application/json');
      const body = await answer.text();
      expect(body).not.toContain('%PDF');
      expect(body).not.toContain('Bennett');
      expect(JSON.parse(body)).toEqual({
        success: false,
        error: 'No such statement.',
        code: 'not_found',
      });
    });

    it('refuses a visitor, no session, a future month and malformed numbers', async () => {
      const own = statementNumber('c-park', '2027-02');
      const cases: [string, string | undefined, number][] = [
        [`/api/statements/${statement.number}.pdf`, await publicToken(t), 403],
        [`/api/statements/${statement.number}.pdf`, undefined, 401],
        [`/api/statements/${own}.pdf`, newbuyer, 404],
        [`/api/statements/${statement.number.toLowerCase()}.pdf`, florist, 400],
        [`/api/statements/ST-202613-00000000.pdf`, florist, 400],
        [`/api/statements/..%2FST-202611-00000000.pdf`, florist, 400],
        [`/api/statements/${statement.number}%00.pdf`, florist, 400],
      ];
      for (const [pathname, token, status] of cases) {
        const answer = await get(pathname, token);
        expect([pathname, answer.status]).toEqual([pathname, status]);
        expect(await answer.text()).not.toContain('%PDF');
      }
    });

    it("serves each customer only their own statement, with none of another's lines", async () => {
      const answer = await run(t, 'list_statements', { months: 1 }, newbuyer);
      const [own] = (answer.body as { results: Statement[] }).results;
      expect(own?.number).not.toBe(statement.number);
      const pdf = await get(`/api/statements/${own?.number ?? ''}.pdf`, newbuyer);
      expect(pdf.status).toBe(200);
      const text = (await pdfLines(new Uint8Array(await pdf.arrayBuffer()))).join('\n');
      expect(text).not.toContain('Card payment (Visa 4242)');
      expect(text).not.toContain('Bennett Blooms');
    });
  });
});

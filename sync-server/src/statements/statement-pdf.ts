import PDFDocument from 'pdfkit';
import { formatCents, marketToday, type Statement, type StatementEntry } from '@stemline/shared';
import { statementMonthName, statementPeriod } from './statement-period';

/** What a statement's PDF shows besides the statement itself. */
export interface StatementPdfInput {
  statement: Statement;
  /** The customer's company name. */
  company: string;
  /** When the PDF is made (the server clock), printed as the issue date. */
  issuedAt: number;
}

const KIND_LABEL: Record<StatementEntry['kind'], string> = {
  order: 'Order',
  credit: 'Credit',
  payment: 'Payment',
};

const money = formatCents;
const PAGE = { width: 612, height: 792, margin: 54 };
const COLUMNS = { date: PAGE.margin, kind: 140, reference: 220, amountRight: PAGE.width - 54 };
const ROW_HEIGHT = 18;

/**
 * A monthly statement as a PDF (US Letter, PDFKit's built-in Helvetica): the statement number,
 * the customer and the period, the opening balance, one row per order, credit and payment with
 * its amount to the cent, the month's totals, and the closing balance. The number is also the
 * document's title, so a PDF viewer and a file search both show it.
 */
export function statementPdf(input: StatementPdfInput): Promise<Buffer> {
  const { statement, company } = input;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    lang: 'en-US',
    displayTitle: true,
    info: {
      Title: `Stemline statement ${statement.number}`,
      Author: 'Stemline',
      Subject: `${company}, ${statementMonthName(statement.month)}`,
      CreationDate: new Date(input.issuedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text('Stemline', PAGE.margin, PAGE.margin);
  doc.font('Helvetica').fontSize(10).fillColor('#555555').text('Wholesale flowers from the farms');
  doc.moveDown(1.5).fillColor('#000000');
  doc.font('Helvetica-Bold').fontSize(14).text(`Statement ${statement.number}`);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  doc.text(`Customer: ${company}`);
  doc.text(`Period: ${statementPeriod(statement.month)}`);
  doc.text(`Issued: ${marketToday(input.issuedAt).toString()}`);
  doc.moveDown(1);

  let y = doc.y;
  const row = (cells: { date?: string; kind?: string; reference?: string; amount: string }) => {
    if (y + ROW_HEIGHT > PAGE.height - PAGE.margin) {
      doc.addPage();
      y = PAGE.margin;
    }
    doc.text(cells.date ?? '', COLUMNS.date, y, { lineBreak: false });
    doc.text(cells.kind ?? '', COLUMNS.kind, y, { lineBreak: false });
    doc.text(cells.reference ?? '', COLUMNS.reference, y, {
      width: COLUMNS.amountRight - 110 - COLUMNS.reference,
      lineBreak: false,
      ellipsis: true,
    });
    doc.text(cells.amount, COLUMNS.amountRight - 100, y, { width: 100, align: 'right' });
    y += ROW_HEIGHT;
  };
  const rule = () => {
    doc
      .moveTo(PAGE.margin, y - 4)
      .lineTo(COLUMNS.amountRight, y - 4)
      .strokeColor('#999999')
      .stroke();
  };

  doc.font('Helvetica-Bold');
  row({ date: 'Date', kind: 'Kind', reference: 'Reference', amount: 'Amount (USD)' });
  rule();
  doc.font('Helvetica');
  row({ kind: 'Opening balance', amount: money(statement.opening_cents) });
  for (const entry of statement.entries) {
    row({
      date: marketToday(entry.at).toString(),
      kind: KIND_LABEL[entry.kind],
      reference: entry.reference,
      amount: money(entry.amount_cents),
    });
  }
  if (statement.entries.length === 0) row({ reference: 'No activity this month', amount: '' });
  y += 4;
  rule();
  row({ kind: 'Charges', amount: money(statement.charges_cents) });
  row({ kind: 'Credits', amount: money(statement.credits_cents) });
  row({ kind: 'Payments', amount: money(statement.payments_cents) });
  doc.font('Helvetica-Bold');
  row({ kind: 'Closing balance', amount: money(statement.closing_cents) });

  doc.end();
  return done;
}

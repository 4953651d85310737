import type { Statement } from '@stemline/shared';
import { sessionStore } from '../../session/session-store';

export type StatementFormat = 'csv' | 'pdf';

/** Where a statement downloads from and the file name it is saved under. */
export function statementFile(
  statement: Pick<Statement, 'month' | 'number'>,
  format: StatementFormat,
): { url: string; fileName: string } {
  // The CSV is addressed by month (the caller's own); the PDF by its number, which the server
  // serves to its customer only.
  const name = format === 'csv' ? statement.month : statement.number;
  return {
    url: `/api/statements/${encodeURIComponent(name)}.${format}`,
    fileName: `stemline-statement-${name}.${format}`,
  };
}

/**
 * Fetches a statement with the session's token (a plain link could not send it) and hands it
 * to the browser as a file. Throws when the server refuses or the network is down.
 */
export async function downloadStatement(
  statement: Pick<Statement, 'month' | 'number'>,
  format: StatementFormat,
): Promise<void> {
  const { url, fileName } = statementFile(statement, format);
  const token = sessionStore.get()?.token;
  const response = await fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`statement ${fileName}: ${response.status}`);
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.click();
  // The browser has taken the file once the click's download has started.
  setTimeout(() => URL.revokeObjectURL(objectUrl));
}

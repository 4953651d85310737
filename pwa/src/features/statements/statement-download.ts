import { messages, statementMessages, type Statement } from '@stemline/shared';
import { sessionStore } from '../../session/session-store';

export type StatementFormat = 'csv' | 'pdf';

/** How a download ended: saved, or why not (`offline`: no connection; `error`: the server's). */
export type StatementDownload =
  { ok: true } | { ok: false; offline: true } | { ok: false; offline: false; error: string };

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

// One download per file at a time: a second press joins the first instead of saving it twice.
const running = new Map<string, Promise<StatementDownload>>();

/**
 * Fetches a statement with the session's token (a plain link could not send it) and hands it
 * to the browser as a file. Never throws: it answers whether the device was offline or what the
 * server refused. While one file is downloading, asking for it again answers the same download.
 */
export function downloadStatement(
  statement: Pick<Statement, 'month' | 'number'>,
  format: StatementFormat,
): Promise<StatementDownload> {
  const { url, fileName } = statementFile(statement, format);
  const current = running.get(url);
  if (current) return current;
  const download = fetchAndSave(url, fileName).finally(() => running.delete(url));
  running.set(url, download);
  return download;
}

async function fetchAndSave(url: string, fileName: string): Promise<StatementDownload> {
  // A device that knows it is offline does not wait for the request to fail.
  if (!navigator.onLine) return { ok: false, offline: true };
  const token = sessionStore.get()?.token;
  let blob: Blob;
  try {
    const response = await fetch(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok) return { ok: false, offline: false, error: await errorOf(response) };
    blob = await response.blob();
  } catch {
    // The request or its body never arrived: the connection is missing or dropped.
    return { ok: false, offline: true };
  }
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.click();
  // The browser has taken the file once the click's download has started.
  setTimeout(() => URL.revokeObjectURL(objectUrl));
  return { ok: true };
}

/** A refusal's text (`{ success: false, error }`); a 5xx or a body without one: 'Server error'. */
async function errorOf(response: Response): Promise<string> {
  if (response.status >= 500) return messages.serverError;
  try {
    const body: unknown = JSON.parse(await response.text());
    if (typeof body === 'object' && body !== null && 'error' in body) {
      if (typeof body.error === 'string' && body.error !== '') return body.error;
    }
  } catch {
    // Not JSON: nothing more to say than that it failed.
  }
  return messages.serverError;
}

/** The toast of a download that failed: offline, that it needs a connection; else the server's. */
export function downloadFailure(failure: Extract<StatementDownload, { ok: false }>): {
  title: string;
  description: string;
} {
  return {
    title: statementMessages.downloadFailed,
    description: failure.offline ? statementMessages.downloadOffline : failure.error,
  };
}

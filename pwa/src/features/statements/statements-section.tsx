import { useEffect, useState } from 'react';
import { formatCents, statementMessages, type Statement } from '@stemline/shared';
import { apiRequest } from '../../api/client';
import { useSyncReachable } from '../../sync/use-sync-status';
import { Button, showToast } from '../../ui';
import { downloadFailure, downloadStatement, type StatementFormat } from './statement-download';
import './statements.css';

type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; offline: boolean }
  | { status: 'loaded'; list: Statement[] };

function monthName(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, number - 1, 15)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Monthly statements (run `list_statements`): number, opening balance, charges, credits,
 * payments and closing balance of the last six months, each downloadable as PDF and as CSV.
 * Needs the network: opened offline, they load again when the connection comes back; a server
 * failure offers to try again.
 */
export function StatementsSection() {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  // Bumped by 'Try again': the list is asked for once more.
  const [attempt, setAttempt] = useState(0);
  const online = useSyncReachable();
  const hasList = loaded.status === 'loaded';
  useEffect(() => {
    if (hasList) return;
    let cancelled = false;
    void apiRequest<{ results?: Statement[] }>('/api/cs/run', {
      method: 'POST',
      body: { key: 'list_statements', params: { months: 6 } },
    }).then((answer) => {
      if (cancelled) return;
      setLoaded(
        answer.success && Array.isArray(answer.data.results)
          ? { status: 'loaded', list: answer.data.results }
          : { status: 'failed', offline: !answer.success && answer.offline },
      );
    });
    return () => {
      cancelled = true;
    };
  }, [online, hasList, attempt]);
  const money = formatCents;

  return (
    <section className="account-card" aria-labelledby="account-statements-title">
      <h2 id="account-statements-title">Statements</h2>
      {loaded.status === 'loading' && <p>{statementMessages.loading}</p>}
      {loaded.status === 'failed' &&
        (loaded.offline || !online ? (
          <p>{statementMessages.shownOnline}</p>
        ) : (
          <div className="statements__failure">
            <p>{statementMessages.listFailed}</p>
            <Button
              variant="secondary"
              size="sm"
              onPress={() => {
                setLoaded({ status: 'loading' });
                setAttempt((count) => count + 1);
              }}
            >
              Try again
            </Button>
          </div>
        ))}
      {loaded.status === 'loaded' && (
        <div className="sl-stacked-table-wrap">
          <table className="statements sl-stacked-table" role="table">
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">
                  Month
                </th>
                <th scope="col" role="columnheader">
                  Opening
                </th>
                <th scope="col" role="columnheader">
                  Charges
                </th>
                <th scope="col" role="columnheader">
                  Credits and payments
                </th>
                <th scope="col" role="columnheader">
                  Closing
                </th>
                <th scope="col" role="columnheader">
                  <span className="sl-visually-hidden">Download</span>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {loaded.list.map((statement) => (
                <tr role="row" key={statement.month} data-testid={`statement-${statement.month}`}>
                  <th scope="row" role="rowheader">
                    {monthName(statement.month)}
                    <span className="statements__number">{statement.number}</span>
                  </th>
                  <td role="cell" data-label="Opening">
                    {money(statement.opening_cents)}
                  </td>
                  <td role="cell" data-label="Charges">
                    {money(statement.charges_cents)}
                  </td>
                  <td role="cell" data-label="Credits and payments">
                    {money(statement.credits_cents + statement.payments_cents)}
                  </td>
                  <td role="cell" data-label="Closing">
                    {money(statement.closing_cents)}
                  </td>
                  <td role="cell" className="sl-stacked-table__full">
                    <div className="statements__downloads">
                      {(['pdf', 'csv'] as const).map((format) => (
                        <DownloadButton key={format} statement={statement} format={format} />
                      ))}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * One download button of a statement row: 'PDF' or 'CSV', named in full for screen readers.
 * While its file downloads it shows a spinner and ignores presses; a failure says why.
 */
function DownloadButton({ statement, format }: { statement: Statement; format: StatementFormat }) {
  const [pending, setPending] = useState(false);
  const label = format.toUpperCase();
  return (
    <Button
      variant="quiet"
      size="sm"
      aria-label={`Download the ${monthName(statement.month)} statement as ${label}`}
      isPending={pending}
      pendingLabel={statementMessages.downloading}
      onPress={() => {
        setPending(true);
        void downloadStatement(statement, format).then((result) => {
          setPending(false);
          if (!result.ok) showToast({ ...downloadFailure(result), variant: 'error' });
        });
      }}
    >
      {label}
    </Button>
  );
}

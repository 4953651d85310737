import { useEffect, useState } from 'react';
import { formatUsd, type Statement } from '@stemline/shared';
import { apiRequest } from '../../api/client';
import { sessionStore } from '../../session/session-store';
import { Button, showToast } from '../../ui';

type Loaded =
  { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; list: Statement[] };

function monthName(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, number - 1, 15)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Fetches a statement's CSV with the session's token and hands it to the browser as a file. */
async function downloadCsv(month: string): Promise<void> {
  const token = sessionStore.get()?.token;
  const response = await fetch(`/api/statements/${month}.csv`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`statement ${month}: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `stemline-statement-${month}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Monthly statements (run `list_statements`): opening balance, charges, credits, payments and
 * closing balance of the last six months, each downloadable as CSV. Needs the network.
 */
export function StatementsSection() {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    void apiRequest<{ results?: Statement[] }>('/api/cs/run', {
      method: 'POST',
      body: { key: 'list_statements', params: { months: 6 } },
    }).then((answer) => {
      if (cancelled) return;
      setLoaded(
        answer.success && Array.isArray(answer.data.results)
          ? { status: 'loaded', list: answer.data.results }
          : { status: 'failed' },
      );
    });
    return () => {
      cancelled = true;
    };
  }, []);
  const money = (cents: number) => formatUsd(cents / 100);

  return (
    <section className="account-card" aria-labelledby="account-statements-title">
      <h2 id="account-statements-title">Statements</h2>
      {loaded.status === 'loading' && <p>Loading your statements…</p>}
      {loaded.status === 'failed' && <p>Statements are shown here when you are online.</p>}
      {loaded.status === 'loaded' && (
        <div className="statements-scroll">
          <table className="statements">
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Opening</th>
                <th scope="col">Charges</th>
                <th scope="col">Credits and payments</th>
                <th scope="col">Closing</th>
                <th scope="col">
                  <span className="sl-visually-hidden">Download</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {loaded.list.map((statement) => (
                <tr key={statement.month} data-testid={`statement-${statement.month}`}>
                  <th scope="row">{monthName(statement.month)}</th>
                  <td>{money(statement.opening_cents)}</td>
                  <td>{money(statement.charges_cents)}</td>
                  <td>{money(statement.credits_cents + statement.payments_cents)}</td>
                  <td>{money(statement.closing_cents)}</td>
                  <td>
                    <Button
                      variant="quiet"
                      size="sm"
                      aria-label={`Download the ${monthName(statement.month)} statement as CSV`}
                      onPress={() => {
                        downloadCsv(statement.month).catch(() =>
                          showToast({
                            title: 'The statement could not be downloaded.',
                            variant: 'error',
                          }),
                        );
                      }}
                    >
                      CSV
                    </Button>
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

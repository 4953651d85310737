import { useEffect, useState } from 'react';
import { StatusPill } from '../../ui';

/** Says how fresh the stock figures are; offline they are as old as the last download. */
export function StockAge({
  fetchedAt,
  refreshing,
  reachable,
}: {
  fetchedAt: number | undefined;
  refreshing: boolean;
  reachable: boolean;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  if (refreshing) return <StatusPill status="syncing">Updating prices and stock…</StatusPill>;
  if (fetchedAt === undefined) return null;
  const minutes = Math.max(0, Math.round((now - fetchedAt) / 60_000));
  const age =
    minutes < 1
      ? 'just now'
      : minutes < 60
        ? `${minutes} min ago`
        : `${Math.round(minutes / 60)} h ago`;
  return (
    <StatusPill status={reachable ? 'neutral' : 'offline'} data-testid="stock-age">
      {reachable ? `Stock updated ${age}` : `Offline — stock as of ${age}`}
    </StatusPill>
  );
}

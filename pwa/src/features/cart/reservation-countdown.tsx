import { useEffect, useState } from 'react';
import { serverClock } from '../../api/server-clock';
import { StatusPill } from '../../ui';

/** Time left on an open-market hold, by the server's clock; the server alone releases it. */
export function ReservationCountdown({ reservedUntil }: { reservedUntil: number | null }) {
  const [now, setNow] = useState(() => serverClock.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(serverClock.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (reservedUntil === null)
    return <StatusPill status="neutral">Open market: held once synced</StatusPill>;
  const left = Math.max(0, reservedUntil - now);
  const minutes = Math.floor(left / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000);
  return (
    <StatusPill status={left < 5 * 60_000 ? 'error' : 'neutral'}>
      {left === 0
        ? 'Hold ended, releasing…'
        : `Held for ${minutes}:${String(seconds).padStart(2, '0')}`}
    </StatusPill>
  );
}

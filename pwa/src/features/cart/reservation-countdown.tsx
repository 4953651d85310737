import { useEffect, useState } from 'react';
import type { CartLine } from '@stemline/shared';
import { serverClock } from '../../api/server-clock';
import { StatusPill } from '../../ui';

/** Below this much time left, a hold shows as urgent. */
const HOLD_URGENT_MS = 5 * 60_000;

/**
 * Time left on a line's hold, by the server's clock, ticking each second: null while the
 * hold has not started (the line is not synced yet), 0 once it has ended.
 */
export function useHoldLeft(reservedUntil: number | null): number | null {
  // The clock is read when the hold starts and then each second; no timer runs without a hold
  // (a card's cart state renders this for every line, held or not).
  const [now, setNow] = useState(() => ({ from: reservedUntil, at: serverClock.now() }));
  if (now.from !== reservedUntil) setNow({ from: reservedUntil, at: serverClock.now() });
  useEffect(() => {
    if (reservedUntil === null) return;
    const timer = window.setInterval(
      () => setNow({ from: reservedUntil, at: serverClock.now() }),
      1000,
    );
    return () => window.clearInterval(timer);
  }, [reservedUntil]);
  return reservedUntil === null ? null : Math.max(0, reservedUntil - now.at);
}

/** 'm:ss' of a time left. */
export function holdClock(left: number): string {
  const minutes = Math.floor(left / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000);
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** How a hold's time left shows: urgent in its last minutes. */
export function holdStatus(left: number): 'error' | 'neutral' {
  return left < HOLD_URGENT_MS ? 'error' : 'neutral';
}

/**
 * Whether a line is held for a limited time: an open-market line (once synced), or any line the
 * server gave a hold, as it does a guest's whose email is not confirmed (shared `holdsEveryLine`).
 */
export function hasHold(line: Pick<CartLine, 'open_market' | 'reserved_until'>): boolean {
  return line.open_market || line.reserved_until !== null;
}

/** Time left on a line's hold, by the server's clock; the server alone releases it. */
export function ReservationCountdown({ reservedUntil }: { reservedUntil: number | null }) {
  const left = useHoldLeft(reservedUntil);
  if (left === null) return <StatusPill status="neutral">Open market: held once synced</StatusPill>;
  return (
    <StatusPill status={holdStatus(left)}>
      {left === 0 ? 'Hold ended, releasing…' : `Held for ${holdClock(left)}`}
    </StatusPill>
  );
}

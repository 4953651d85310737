import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  autoDeliveryDate,
  getsAutomaticDeliveryDate,
  marketToday,
  parseEtaDate,
  toEtaDate,
  type EtaDate,
} from '@stemline/shared';
import { serverClock } from '../../api/server-clock';
import { useSession } from '../../session/use-session';

export interface DeliveryDate {
  /** The chosen delivery date: the URL's `date` (yyyyMMdd), or null when none is chosen yet. */
  chosen: EtaDate | null;
  /** The date whose catalogue to show: the chosen one, else the automatic rule's day. */
  browse: EtaDate;
  /** Whether this account gets the automatic date (guests, customers with at most one order). */
  automatic: boolean;
}

/**
 * The delivery date as the URL holds it (spec §2: `?date=yyyyMMdd`). Reads only: the automatic
 * date is pinned by `AutomaticDeliveryDate`, a choice by the calendar modal.
 */
export function useDeliveryDate(): DeliveryDate {
  const [params] = useSearchParams();
  const session = useSession();
  const [today] = useState(() => marketToday(serverClock.now()));
  const text = params.get('date') ?? '';
  const chosen = parseEtaDate(text) ? Number(text) : null;
  const fallback = useMemo(() => toEtaDate(autoDeliveryDate(today)), [today]);
  const meta = session?.user.metadata;
  return {
    chosen,
    browse: chosen ?? fallback,
    automatic: meta ? getsAutomaticDeliveryDate(meta) : false,
  };
}

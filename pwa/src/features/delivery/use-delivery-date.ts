import { useSearchParams } from 'react-router';
import { getsAutomaticDeliveryDate, isEtaDate, type EtaDate } from '@stemline/shared';
import { useSession } from '../../session/use-session';

export interface DeliveryDate {
  /** The chosen delivery date: the URL's `date` (yyyyMMdd), or null when none is chosen yet. */
  chosen: EtaDate | null;
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
  const text = params.get('date') ?? '';
  const chosen = isEtaDate(text) ? Number(text) : null;
  const meta = session?.user.metadata;
  return {
    chosen,
    automatic: meta ? getsAutomaticDeliveryDate(meta) : false,
  };
}

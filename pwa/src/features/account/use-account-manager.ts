import { useEffect, useState } from 'react';
import { managerAnswerSchema, type AccountManager } from '@stemline/shared';
import { apiRequest } from '../../api/client';
import { readCachedManager, writeCachedManager } from '../../storage/account-manager-cache';

export type ManagerState =
  | { status: 'loading' }
  | { status: 'loaded'; manager: AccountManager | null }
  | { status: 'failed' };

/** Managers asked for on this page, by customer. */
const known = new Map<string, AccountManager | null>();

/**
 * The florist's account manager (`POST /api/customer/manager`, spec §6), asked once per page and
 * customer and kept on the device: offline, the last answer shows; `failed` only offline before
 * it was ever loaded on this device.
 */
export function useAccountManager(customerKey: string | null | undefined): ManagerState {
  const [answer, setAnswer] = useState<{ key: string; state: ManagerState } | null>(null);
  useEffect(() => {
    if (!customerKey || known.has(customerKey)) return;
    let cancelled = false;
    void apiRequest<unknown>('/api/customer/manager', { method: 'POST', body: {} }).then(
      (result) => {
        if (cancelled) return;
        const parsed = result.success ? managerAnswerSchema.safeParse(result.data) : null;
        if (parsed?.success) {
          known.set(customerKey, parsed.data.manager);
          writeCachedManager(customerKey, parsed.data.manager);
          setAnswer({
            key: customerKey,
            state: { status: 'loaded', manager: parsed.data.manager },
          });
        } else setAnswer({ key: customerKey, state: { status: 'failed' } });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [customerKey]);
  if (!customerKey) return { status: 'loaded', manager: null };
  if (known.has(customerKey)) return { status: 'loaded', manager: known.get(customerKey) ?? null };
  const cached = readCachedManager(customerKey);
  if (cached !== undefined) return { status: 'loaded', manager: cached };
  return answer?.key === customerKey ? answer.state : { status: 'loading' };
}

import { useEffect } from 'react';
import { loadAddressAnswerSchema } from '@stemline/shared';
import { apiRequest } from '../../api/client';
import { sessionStore } from '../../session/session-store';
import type { AccountDb } from '../../storage/account-db';
import { patchSessionUser } from './session-user';

/**
 * Keeps this device's selected address (`customer_actual_address`) the account's, so a choice
 * made on another device shows here too (spec §4, §217: selecting updates the customer's
 * `customer_actual_address`). The server's choice is read when the app opens, regains focus or
 * comes back online. A choice made here and not yet answered by the server wins: the read is
 * dropped when a `customer_address` call was queued after it started or is still waiting.
 */
export function SelectedAddressSync({ db }: { db: AccountDb }) {
  useEffect(() => {
    let running = false;
    const refresh = async (): Promise<void> => {
      const session = sessionStore.get();
      if (running || !session || document.visibilityState === 'hidden') return;
      running = true;
      const startedAt = Date.now();
      try {
        const answer = await apiRequest('/api/cs/run', {
          method: 'POST',
          body: { key: 'load_address', params: {} },
        });
        if (!answer.success) return;
        const parsed = loadAddressAnswerSchema.safeParse(answer.data);
        if (!parsed.success) return;
        const local = await db.mutations
          .find({ selector: { name: 'customer_address' } })
          .exec()
          .catch(() => []);
        if (local.some((doc) => doc.status === 'pending' || doc.createdAt >= startedAt)) return;
        const actual = parsed.data.results.actual_address;
        const text = actual ? JSON.stringify(actual) : null;
        const current = sessionStore.get();
        if (current?.token !== session.token) return;
        if ((current.user.metadata.customer_actual_address ?? null) === text) return;
        patchSessionUser((user) => ({
          ...user,
          metadata: { ...user.metadata, customer_actual_address: text },
        }));
      } finally {
        running = false;
      }
    };
    const onVisible = () => void refresh();
    void refresh();
    window.addEventListener('focus', onVisible);
    window.addEventListener('online', onVisible);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', onVisible);
      window.removeEventListener('online', onVisible);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [db]);
  return null;
}

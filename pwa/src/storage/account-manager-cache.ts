/**
 * The customer's account manager (localStorage, one key per customer:
 * `stemline.account-manager.<customer>`): the last answer of `POST /api/customer/manager`, so the
 * account area and the help menu still show whom to call offline. A few hundred bytes; logout
 * clears localStorage with it. A full quota only costs the offline copy.
 */
import { accountManagerSchema, type AccountManager } from '@stemline/shared';
import { z } from 'zod';

const cachedManagerSchema = z.object({
  fetchedAt: z.number(),
  manager: accountManagerSchema.nullable(),
});

const storageKey = (customerKey: string) => `stemline.account-manager.${customerKey}`;

/** The stored answer (a manager, or null for none), or undefined when there is no usable copy. */
export function readCachedManager(customerKey: string): AccountManager | null | undefined {
  try {
    const text = localStorage.getItem(storageKey(customerKey));
    if (!text) return undefined;
    const parsed = cachedManagerSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.manager : undefined;
  } catch {
    return undefined;
  }
}

export function writeCachedManager(customerKey: string, manager: AccountManager | null): void {
  try {
    localStorage.setItem(
      storageKey(customerKey),
      JSON.stringify({ fetchedAt: Date.now(), manager }),
    );
  } catch {
    // Quota full: online the manager is asked for again; only the offline copy is missing.
  }
}

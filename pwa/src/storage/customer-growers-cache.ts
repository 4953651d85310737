/**
 * The customer's preferred and blocked farms (localStorage, one key per customer:
 * `stemline.customer-growers.<customer>`): the last answer of run `customer_grower_relationship`,
 * so the catalogue still hides blocked farms and lists preferred ones first offline. A few hundred
 * bytes; logout clears localStorage with it. A full quota only costs the offline copy.
 */
import type { CustomerGrower } from '@stemline/shared';
import { startSchemas } from './start-schemas-loader';

const storageKey = (customerKey: string) => `stemline.customer-growers.${customerKey}`;

/**
 * The stored list, or null when there is none or it does not read back as one. A signed-in start
 * has the schema loaded before it renders (start-schemas-loader.ts); without it, none is read.
 */
export function readCachedCustomerGrowers(customerKey: string): CustomerGrower[] | null {
  const schemas = startSchemas();
  if (!schemas) return null;
  try {
    const text = localStorage.getItem(storageKey(customerKey));
    if (!text) return null;
    const parsed = schemas.cachedFarmsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.results : null;
  } catch {
    return null;
  }
}

export function writeCachedCustomerGrowers(
  customerKey: string,
  results: readonly CustomerGrower[],
): void {
  try {
    localStorage.setItem(
      storageKey(customerKey),
      JSON.stringify({ fetchedAt: Date.now(), results }),
    );
  } catch {
    // Quota full: online the list is asked for again; only the offline copy is missing.
  }
}

/**
 * The customer's last known account credit (localStorage, one key per customer:
 * `stemline.known-credit.<customer>`), in whole cents: the `credit_available_cents` of the last
 * checkout review the server answered. Offline, checkout takes it off its estimate; the server
 * decides the real credit when the order arrives. Logout clears localStorage with it; a full
 * quota only costs the offline estimate.
 */
import { z } from 'zod';

const knownCreditSchema = z.object({ cents: z.number().int().min(0), at: z.number() });

const storageKey = (customerKey: string) => `stemline.known-credit.${customerKey}`;

/** The last known credit in cents, or 0 when this device never learned it. */
export function readKnownCreditCents(customerKey: string | null | undefined): number {
  if (!customerKey) return 0;
  try {
    const text = localStorage.getItem(storageKey(customerKey));
    const parsed = text ? knownCreditSchema.safeParse(JSON.parse(text)) : null;
    return parsed?.success ? parsed.data.cents : 0;
  } catch {
    return 0;
  }
}

export function writeKnownCreditCents(customerKey: string, cents: number): void {
  try {
    localStorage.setItem(
      storageKey(customerKey),
      JSON.stringify({ cents: Math.max(0, Math.round(cents)), at: Date.now() }),
    );
  } catch {
    // Quota full: only the offline estimate lacks the credit; the server still applies it.
  }
}

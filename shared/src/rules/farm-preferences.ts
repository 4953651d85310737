import type { CustomerGrower } from '../schemas/account-calls';

/**
 * The farms a buyer prefers (their offers come first) and has blocked (their offers are never
 * shown), from run `customer_grower_relationship`. Keyed by grower key.
 */
export interface FarmPreferences {
  preferred: ReadonlySet<string>;
  blocked: ReadonlySet<string>;
}

export const NO_FARM_PREFERENCES: FarmPreferences = { preferred: new Set(), blocked: new Set() };

/**
 * The preferences of a customer's list. A farm listed both ways (the server keeps one relation
 * per farm, so only a corrupt copy does that) counts as blocked: hiding is the safe side.
 */
export function farmPreferences(list: readonly CustomerGrower[]): FarmPreferences {
  if (list.length === 0) return NO_FARM_PREFERENCES;
  const blocked = new Set(
    list.filter((farm) => farm.relation === 'blocked').map((farm) => farm.grower_key),
  );
  const preferred = new Set(
    list
      .filter((farm) => farm.relation === 'preferred' && !blocked.has(farm.grower_key))
      .map((farm) => farm.grower_key),
  );
  return { preferred, blocked };
}

export function isFarmBlocked(preferences: FarmPreferences, growerKey: string): boolean {
  return preferences.blocked.has(growerKey);
}

export function isFarmPreferred(preferences: FarmPreferences, growerKey: string): boolean {
  return preferences.preferred.has(growerKey);
}

/**
 * The same text for the same blocked farms, whatever their order: what is built from the shown
 * offers (a search index, filter counts) is rebuilt exactly when it changes.
 */
export function blockedFarmsKey(preferences: FarmPreferences): string {
  return [...preferences.blocked].sort().join('\n');
}

import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { farmPreferences, type CustomerGrower, type FarmPreferences } from '@stemline/shared';
import { customerGrowersStore } from './customer-growers-store';

const NONE: readonly CustomerGrower[] = [];

/**
 * The signed-in customer's preferred and blocked farms, from the device's copy at once (offline
 * too), asked of the server again on mount, whenever it becomes reachable and when the window
 * regains focus (a change staff made shows at the buyer's next look). None without a customer.
 */
export function useFarmPreferences(
  customerKey: string | null | undefined,
  reachable: boolean,
): FarmPreferences {
  const read = (): readonly CustomerGrower[] =>
    customerKey ? customerGrowersStore.get(customerKey) : NONE;
  const list = useSyncExternalStore(customerGrowersStore.subscribe, read, read);
  useEffect(() => {
    if (!customerKey || !reachable) return;
    void customerGrowersStore.refresh(customerKey);
    const again = (): void => {
      if (document.visibilityState === 'visible') void customerGrowersStore.refresh(customerKey);
    };
    window.addEventListener('focus', again);
    return () => window.removeEventListener('focus', again);
  }, [customerKey, reachable]);
  return useMemo(() => farmPreferences(list), [list]);
}

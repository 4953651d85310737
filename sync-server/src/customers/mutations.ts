import type { AppContext } from '../app-context';
import { handlerOutcome, type FeatureMutations } from '../kernel/mutation-handler';
import { createAddressBook } from './address-book';
import { createPreferencesUpdate } from './preferences';

/** The queued mutations of delivery addresses and preferences, each as its REST call runs it. */
export function createCustomerMutations(
  app: AppContext,
): FeatureMutations<'customer_address' | 'delete_address' | 'update_preferences'> {
  const addressBook = createAddressBook(app);
  const updatePreferences = createPreferencesUpdate(app);
  return {
    customer_address: async (customerKey, args) =>
      handlerOutcome(await addressBook.save(customerKey, args)),
    delete_address: async (customerKey, args) =>
      handlerOutcome(await addressBook.remove(customerKey, args)),
    update_preferences: async (customerKey, args) =>
      handlerOutcome(await updatePreferences(customerKey, args)),
  };
}

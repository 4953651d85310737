import type { AppContext } from '../app-context';
import type { FeatureMutations, HandlerOutcome } from '../sync/mutation-handler';
import { createAddressBook, type CustomerChange } from './address-book';
import { createPreferencesUpdate } from './preferences';

/** The queued mutations of delivery addresses and preferences, each as its REST call runs it. */
export function createCustomerMutations(
  app: AppContext,
): FeatureMutations<'customer_address' | 'delete_address' | 'update_preferences'> {
  const addressBook = createAddressBook(app);
  const updatePreferences = createPreferencesUpdate(app);
  return {
    customer_address: (customerKey, args) =>
      customerChangeOutcome(addressBook.save(customerKey, args)),
    delete_address: (customerKey, args) =>
      customerChangeOutcome(addressBook.remove(customerKey, args)),
    update_preferences: (customerKey, args) =>
      customerChangeOutcome(updatePreferences(customerKey, args)),
  };
}

/** An address or preference change as a push result; the REST call answers its `result`. */
function customerChangeOutcome(change: CustomerChange<unknown>): HandlerOutcome {
  return change.status === 'applied'
    ? { status: 'applied', message: null, touched: change.touched }
    : { status: 'rejected', code: change.code, message: change.message };
}

import {
  customerAddressArgsSchema,
  deleteAddressArgsSchema,
  updatePreferencesArgsSchema,
} from '../schemas/address';
import { defineMutation } from './define-mutation';

/** Delivery addresses and preferences (sync-server/src/customers/mutations.ts). */
export const customerMutations = {
  customer_address: defineMutation({
    args: customerAddressArgsSchema,
    collections: ['addresses'],
  }),
  delete_address: defineMutation({ args: deleteAddressArgsSchema, collections: ['addresses'] }),
  // Preferences live on the user, not in a synced collection.
  update_preferences: defineMutation({ args: updatePreferencesArgsSchema, collections: [] }),
};

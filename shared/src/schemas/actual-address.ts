import { z } from 'zod/mini';

// zod/mini, tree-shakable: the buyer's current address is read as the catalogue starts (issue
// 28); the rest of the address calls are in address.ts.

/**
 * The address the current order goes to (user metadata `customer_actual_address`, JSON text):
 * the main address (`_KEY` 'main') or a one-time one.
 */
export const actualAddressSchema = z.object({
  _KEY: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
});
export type ActualAddress = z.infer<typeof actualAddressSchema>;

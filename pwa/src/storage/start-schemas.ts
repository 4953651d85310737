import { analyticsEventSchema, customerGrowerSchema, userSchema } from '@stemline/shared';
import { z } from 'zod/mini';

/**
 * The schemas of what the app reads as it starts: the stored session, the caches of a signed-in
 * start, and the first answers a visitor's catalogue gets. This module (with zod) loads beside the
 * first screen rather than in it (issue 28): start-schemas-loader.ts hands it out.
 */
export {
  actualAddressSchema,
  catalogDeltaAnswerSchema,
  customerGrowersAnswerSchema,
  publicTokenAnswerSchema,
  searchTextReplacementAnswerSchema,
  userSchema,
} from '@stemline/shared';

/** A staff login-as session, kept in this tab only (session-store.ts). */
export const tabSessionSchema = z.object({
  token: z.string().check(z.minLength(1)),
  user: userSchema,
});

/** The customer's farms as kept on the device (customer-growers-cache.ts). */
export const cachedFarmsSchema = z.object({
  fetchedAt: z.number(),
  results: z.array(customerGrowerSchema),
});

/** The analytics events waiting to be sent (analytics-queue.ts). */
export const analyticsQueueSchema = z.array(analyticsEventSchema);

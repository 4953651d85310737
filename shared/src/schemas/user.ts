import { z } from 'zod';
import { ROLES } from '../constants';

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Spec §3 Preferences: stored as JSON text on the customer, parsed on read. */
export const preferencesSchema = z.looseObject({
  email_verified: z.boolean().optional(),
  card_type: z.string().optional(),
  custom_box_size: z.string().optional(),
  isDayDeliveryAutoSelected: z.boolean().optional(),
  last_login_app: z.string().optional(),
  last_login_client: z.string().optional(),
  created_by_hunter: z.boolean().optional(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** Spec §3 User metadata (the parts this build fills). */
export const userMetadataSchema = z.looseObject({
  customer: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_zipcode: z.string().nullable().optional(),
  customer_business: z.string().nullable().optional(),
  customer_tier: z.string().nullable().optional(),
  customer_main_street: z.string().nullable().optional(),
  customer_main_city: z.string().nullable().optional(),
  customer_main_state: z.string().nullable().optional(),
  customer_main_zipcode: z.string().nullable().optional(),
  /** JSON text of `ActualAddress`: where the current order goes (null until one is picked). */
  customer_actual_address: z.string().nullable().optional(),
  n_orders: z.number().int().nonnegative(),
  guest: z.boolean(),
  first_purchase_date: z.number().nullable().optional(),
  preferences: z.string(),
  /**
   * False on a session made from an email alone (guest sign-in): it sees prices and fills a new
   * cart until the verification link proves the mailbox. Absent on every other session.
   */
  mailbox_verified: z.boolean().optional(),
});
export type UserMetadata = z.infer<typeof userMetadataSchema>;

/** Spec §3 User, as answered by login and validate. */
export const userSchema = z.object({
  key: z.string(),
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  token: z.string().optional(),
  metadata: userMetadataSchema,
});
export type User = z.infer<typeof userSchema>;

import { z } from 'zod/mini';
import { ROLES } from '../constants';

// zod/mini, tree-shakable: the app reads the stored session's user as it starts, and loads what
// it reads then right beside the first screen, where zod's classic API would weigh most (issue 28).

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Spec §3 Preferences: stored as JSON text on the customer, parsed on read. */
export const preferencesSchema = z.looseObject({
  email_verified: z.optional(z.boolean()),
  card_type: z.optional(z.string()),
  custom_box_size: z.optional(z.string()),
  isDayDeliveryAutoSelected: z.optional(z.boolean()),
  last_login_app: z.optional(z.string()),
  last_login_client: z.optional(z.string()),
  created_by_hunter: z.optional(z.boolean()),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** A customer's stored preferences (JSON text); text that does not read counts as none set. */
export function preferencesFromText(text: string): Preferences {
  try {
    const parsed = preferencesSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/**
 * Spec §3 User metadata. The customer fields are null for a user without a customer (staff);
 * `customer_resale_number` is this build's addition, for staff who look at the customer.
 */
export const userMetadataSchema = z.looseObject({
  customer: z.nullable(z.string()),
  customer_name: z.nullable(z.string()),
  /** The main address's two-letter state code, its name, and the key of its state record. */
  customer_state: z.optional(z.nullable(z.string())),
  customer_state_name: z.optional(z.nullable(z.string())),
  customer_state_key: z.optional(z.nullable(z.string())),
  customer_country_key: z.optional(z.nullable(z.string())),
  customer_zipcode: z.optional(z.nullable(z.string())),
  customer_business: z.optional(z.nullable(z.string())),
  customer_tier: z.optional(z.nullable(z.string())),
  customer_main_street: z.optional(z.nullable(z.string())),
  customer_main_city: z.optional(z.nullable(z.string())),
  customer_main_state: z.optional(z.nullable(z.string())),
  customer_main_zipcode: z.optional(z.nullable(z.string())),
  /** JSON text of `ActualAddress`: where the current order goes (null until one is picked). */
  customer_actual_address: z.optional(z.nullable(z.string())),
  /** Where the company's mail (statements) goes: its main user's email. */
  customer_office_email: z.optional(z.nullable(z.string())),
  /** The mobile phone and resale number the sign-up gave. */
  customer_mobile_phone: z.optional(z.nullable(z.string())),
  customer_resale_number: z.optional(z.nullable(z.string())),
  /** Whether the weekly statement mail is on (kept in the preferences). */
  customer_statement_email_weekly: z.optional(z.boolean()),
  n_orders: z.int().check(z.nonnegative()),
  guest: z.boolean(),
  first_purchase_date: z.optional(z.nullable(z.number())),
  preferences: z.string(),
  /**
   * False on a session made from an email alone (guest sign-in): it sees prices and fills a new
   * cart until the verification link proves the mailbox. Absent on every other session.
   */
  mailbox_verified: z.optional(z.boolean()),
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
  token: z.optional(z.string()),
  metadata: userMetadataSchema,
});
export type User = z.infer<typeof userSchema>;

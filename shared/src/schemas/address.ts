import { z } from 'zod';
import { MAX_ONE_TIME_ADDRESSES } from '../constants';
import { actualAddressSchema } from './actual-address';
import { notificationPreferencesSchema } from './notification-preferences';

export { actualAddressSchema, type ActualAddress } from './actual-address';

/** An address key: made by the device that adds the address, so it works offline. */
export const addressKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected an address key');

/** The form's four fields as sent; `validateAddressForm` holds the content rules and messages. */
export const addressFieldsInputSchema = z.object({
  address: z.string().max(200),
  city: z.string().max(200),
  state: z.string().max(64),
  zipcode: z.string().max(64),
});
export type AddressFieldsInput = z.infer<typeof addressFieldsInputSchema>;

/** Spec §3 Address: a one-time delivery address of a customer, as stored and synced. */
export const savedAddressSchema = z.object({
  key: z.string(),
  _KEY: z.string(),
  address: z.string(),
  city: z.string(),
  /** The two-letter code of `US_STATES`. */
  state: z.string(),
  zipcode: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** `customer`, when sent, must be the caller's own customer key. */
const customerParam = z.string().min(1).max(64).optional();

/**
 * Spec §7 `customer_address` (run call and the queued mutation of the same name):
 * - `save: true, update: false` adds the one-time address `_KEY`;
 * - `save: true, update: true` edits the one-time address `_KEY`;
 * - `save: false` only selects `slAddress` as the customer's actual address (spec §4: "an
 *   update call is made with save false"); `_KEY` names the address picked.
 */
export const customerAddressArgsSchema = z.object({
  customer: customerParam,
  slAddress: addressFieldsInputSchema,
  save: z.boolean(),
  update: z.boolean(),
  _KEY: addressKeySchema,
});
export type CustomerAddressArgs = z.infer<typeof customerAddressArgsSchema>;

/** Deletes one-time addresses by key (spec §7: "a delete of the customer_address record by a key list"). */
export const deleteAddressArgsSchema = z.object({
  customer: customerParam,
  keys: z.array(addressKeySchema).min(1).max(MAX_ONE_TIME_ADDRESSES),
});
export type DeleteAddressArgs = z.infer<typeof deleteAddressArgsSchema>;

/** Spec §7 `load_address`: answers `results.addresses`. */
export const loadAddressParamsSchema = z.object({ customer: customerParam });
export const loadAddressAnswerSchema = z.object({
  success: z.literal(true),
  results: z.object({
    addresses: z.array(savedAddressSchema),
    actual_address: z.nullable(actualAddressSchema),
  }),
});
export type LoadAddressAnswer = z.infer<typeof loadAddressAnswerSchema>;

/**
 * The customer update with preferences (spec §7), limited to what a buyer's device may set;
 * `isDayDeliveryAutoSelected` is accepted only for customers who get the automatic date.
 */
export const updatePreferencesArgsSchema = z.object({
  preferences: z
    .strictObject({
      isDayDeliveryAutoSelected: z.boolean().optional(),
      ...notificationPreferencesSchema.shape,
    })
    .refine((preferences) => Object.keys(preferences).length > 0, 'Nothing to change'),
});
export type UpdatePreferencesArgs = z.infer<typeof updatePreferencesArgsSchema>;

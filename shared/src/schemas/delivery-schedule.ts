import { z } from 'zod';

const zipcode = z.string().regex(/^\d{5}$/, 'Expected a 5-digit zipcode');

/** `POST /api/customer/zipcode_available {zipcode}`: does Stemline deliver there? */
export const zipcodeAvailableArgsSchema = z.object({ zipcode });
export interface ZipcodeAvailableAnswer {
  success: true;
  zipcode: string;
  available: boolean;
  /** True when staff allowed this customer's zip code whatever the schedule (update_force_zipcode). */
  forced: boolean;
  message: string;
}

/**
 * Run `delivery_schedule {customer?, zipcode?, state?}`: the schedule of the address given, else
 * of the caller's chosen delivery address (else its main address).
 */
export const deliveryScheduleParamsSchema = z.object({
  customer: z.string().max(64).optional(),
  zipcode: zipcode.optional(),
  state: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
});

export const deliveryScheduleSchema = z.object({
  zipcode: z.string(),
  region: z.string(),
  weekdays: z.array(z.number().int().min(1).max(7)),
  cutoff: z.string(),
});

export const deliveryScheduleAnswerSchema = z.object({
  success: z.literal(true),
  /** Null when the caller has no address yet. */
  results: deliveryScheduleSchema.extend({ forced: z.boolean() }).nullable(),
});
export type DeliveryScheduleAnswer = z.infer<typeof deliveryScheduleAnswerSchema>;

/** `POST /api/customer/update_force_zipcode {customer, zipcode, force}` (staff only). */
export const updateForceZipcodeArgsSchema = z.object({
  customer: z.string().min(1).max(64),
  zipcode,
  force: z.boolean().default(true),
});

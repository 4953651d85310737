import { z } from 'zod';
import { countrySchema } from './catalog';

/**
 * Path of spec §7 `POST /api/availability/delivery_date/{year}/{month}`: a calendar month at the
 * market (the spec notes callers pass month then year; the path is year first).
 */
export const availabilityParamsSchema = z.object({
  year: z.coerce.number().int().min(2000).max(2999),
  month: z.coerce.number().int().min(1).max(12),
});
export type AvailabilityParams = z.infer<typeof availabilityParamsSchema>;

/** The call carries no options today; unknown fields are refused rather than ignored. */
export const availabilityBodySchema = z.strictObject({}).optional();

/**
 * One day of the month. `arrivals` counts the price rows with stock deliverable that day and
 * `countries` the countries they come from (ascending); a weekend or a no-delivery holiday has
 * neither. `holiday` names the day's holiday, if any.
 */
export const availabilityItemSchema = z.object({
  date: z.number().int(),
  arrivals: z.number().int().nonnegative(),
  countries: z.array(countrySchema),
  holiday: z.string().nullable(),
});
export type AvailabilityItem = z.infer<typeof availabilityItemSchema>;

export const availabilityAnswerSchema = z.object({
  success: z.literal(true),
  items: z.array(availabilityItemSchema),
});
export type AvailabilityAnswer = z.infer<typeof availabilityAnswerSchema>;

import { z } from 'zod';
import { addressFieldsInputSchema } from './address';
import { userSchema } from './user';

/** Longest company name kept. */
export const COMPANY_NAME_MAX = 100;

/**
 * Run `update_company_details` (issue 27): the main user renames the company and edits its main
 * address (spec §2 company details, Edit on the main address). The address is checked by the
 * shared address-form rule (spec §5), with its messages.
 */
export const updateCompanyParamsSchema = z.object({
  name: z.string().max(400),
  address: addressFieldsInputSchema,
});
export type UpdateCompanyParams = z.infer<typeof updateCompanyParamsSchema>;

/** The answer: the caller's user as it now reads (metadata carries the new name and address). */
export const updateCompanyAnswerSchema = z.object({
  success: z.literal(true),
  user: userSchema,
  message: z.string(),
});

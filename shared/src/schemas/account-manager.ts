import { z } from 'zod';

const userKey = z.string().min(1).max(64);

/** `POST /api/customer/manager {manager?}` and `/api/customer/manager_email {manager?}`. */
export const managerArgsSchema = z.object({ manager: userKey.optional() });

/** A customer's account manager as the account area and help menu show them (spec §6). */
export const accountManagerSchema = z.object({
  key: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** A picture of the manager; null draws their initials. */
  photo_url: z.string().nullable(),
});
export type AccountManager = z.infer<typeof accountManagerSchema>;

export const managerAnswerSchema = z.object({
  success: z.literal(true),
  manager: accountManagerSchema.nullable(),
});
export type ManagerAnswer = z.infer<typeof managerAnswerSchema>;

/** Run `send_new_manager_email {customer, manager}` (staff): assigns the manager and mails the customer. */
export const sendNewManagerEmailArgsSchema = z.object({
  customer: z.string().min(1).max(64),
  manager: userKey,
});

import { z } from 'zod';

/**
 * The model calls of spec §7 (`/api/load_all_by_model`, `update_model`, `add_model`,
 * `delete_model`) and the rows of the config records they serve (spec §3 Config).
 */

const modelName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/, 'Expected a model name');
const rowKey = z.string().trim().min(1).max(128);

/**
 * `POST /api/load_all_by_model` body as the model routes read it. Model names may contain a dot,
 * as the config record `standing_order.disabled_weeks` does.
 */
export const modelLoadBodySchema = z.object({
  model: modelName,
  /** More models to answer in `fetched_results`, by name. */
  fetch_models: z.array(modelName).max(20).optional(),
  /** Only these rows of `model`. */
  keys: z.array(rowKey).max(1000).optional(),
});
export type ModelLoadBody = z.infer<typeof modelLoadBodySchema>;

export const modelRowsBodySchema = z.object({
  row_model: modelName,
  rows: z.array(z.unknown()).min(1).max(500),
});
export const deleteModelBodySchema = z.object({
  row_model: modelName,
  keys: z.array(rowKey).min(1).max(500),
});

const rowSchema = z.record(z.string(), z.unknown());
export const modelLoadAnswerSchema = z.object({
  success: z.boolean(),
  results: z.array(rowSchema),
  fetched_results: z.record(z.string(), z.array(rowSchema)),
});
export type ModelLoadAnswer = z.infer<typeof modelLoadAnswerSchema>;
export const modelRowsAnswerSchema = z.object({
  success: z.boolean(),
  results: z.array(rowSchema),
});
export const deleteModelAnswerSchema = z.object({ success: z.boolean(), deleted: z.number() });

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Not a domain name');

/** `fake_email_domains`: addresses on these domains cannot sign up or sign in as guests. */
export const fakeEmailDomainRowSchema = z.object({ _KEY: rowKey.optional(), domain: domainSchema });
export type FakeEmailDomainRow = z.infer<typeof fakeEmailDomainRowSchema>;

/** `staff_company_domain`: staff addresses, which cannot log in directly (spec §6). */
export const staffCompanyDomainRowSchema = fakeEmailDomainRowSchema;

/** `manager_admin`: an entry with an allow list of manager user keys (spec §3 Config). */
export const managerAdminRowSchema = z.object({
  _KEY: rowKey,
  name: z.string().trim().min(1).max(120),
  users: z.array(rowKey).max(1000),
});
export type ManagerAdminRow = z.infer<typeof managerAdminRowSchema>;

/**
 * `standing_order.disabled_weeks`: weeks in which standing orders do not deliver, each by its
 * Monday as yyyyMMdd.
 */
export const disabledWeekRowSchema = z.object({
  _KEY: rowKey.optional(),
  week_start: z.number().int().min(20000101).max(29991231),
  reason: z.string().trim().max(200).optional(),
});
export type DisabledWeekRow = z.infer<typeof disabledWeekRowSchema>;

/** `manager`: the staff a hunter sign-up may choose as contact owner (names only). */
export const managerRowSchema = z.object({
  _KEY: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  hunter: z.boolean(),
});
export type ManagerRow = z.infer<typeof managerRowSchema>;

/** `state`: the state records the older sign-up form's State select lists. */
export const stateRowSchema = z.object({
  _KEY: z.string(),
  abbreviation: z.string(),
  name: z.string(),
});
export type StateRow = z.infer<typeof stateRowSchema>;

import { z } from 'zod';
import { CLAIM_MAX_FILES } from '../constants';
import { unitSchema } from './catalog';

/** A client-made key (claim, folder name): letters, digits, - and _ only, so never a path. */
export const clientKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Expected 8–64 letters, digits, - or _');

/** Where a claim is: drafted, then submitted → in review → credited or declined. */
export const claimStatusSchema = z.enum(['submitted', 'in_review', 'credited', 'declined']);
export type ClaimStatus = z.infer<typeof claimStatusSchema>;

/** Spec §4: a claim item's process. */
export const claimProcessSchema = z.enum(['SUCCESS', 'FAILED', 'PENDING']);

/** Why stems are claimed (ours; the spec names a reason step without its choices). */
export const CLAIM_REASONS = [
  'Broken stems',
  'Wilted or dehydrated',
  'Wrong variety or colour',
  'Short count',
  'Disease or pests',
  'Other',
] as const;
export const claimReasonSchema = z.enum(CLAIM_REASONS);

/** One claimed order row, as the claims list shows it (spec §3 columns). */
export const claimItemSchema = z.object({
  line_no: z.number().int().positive(),
  /** The ordered custom box of a claimed bunch line; absent or null for an order line. */
  box_key: z.string().nullable().optional(),
  arrival_date: z.number().int(),
  arrived_at: z.number().int(),
  grower: z.string(),
  uom: unitSchema,
  units_delivered: z.number().int(),
  units_to_be_claimed: z.number().int().positive(),
  product_group: z.string(),
  variety_grade: z.string(),
  length: z.number().int(),
  /** The unit price charged, and the units claimed at it, in whole cents. */
  unit_price_cents: z.number().int(),
  total_claim_cents: z.number().int(),
  process: claimProcessSchema,
  error: z.string().nullable(),
});
export type ClaimItem = z.infer<typeof claimItemSchema>;

/** A photo or video on a claim: the server's upload key and what its content is. */
export const claimFileSchema = z.object({
  key: z.string(),
  kind: z.enum(['image', 'video']),
  type: z.string(),
  bytes: z.number().int(),
});
export type ClaimFile = z.infer<typeof claimFileSchema>;

/**
 * A claim as the buyer's devices see it (the synced `claims` collection): the claim and its
 * items in one document, since a claim is written and answered as a whole.
 */
export const claimSchema = z.object({
  key: z.string(),
  number: z.string(),
  order_key: z.string(),
  po: z.string(),
  status: claimStatusSchema,
  reason: claimReasonSchema,
  comment: z.string(),
  items: z.array(claimItemSchema),
  files: z.array(claimFileSchema),
  folder_key: z.string(),
  /** The items' claimed values added up, in whole cents. */
  total_claim_cents: z.number().int(),
  created_at: z.number().int(),
  submitted_at: z.number().int(),
  reviewed_at: z.number().int().nullable(),
  decided_at: z.number().int().nullable(),
  /** What staff credited, in whole cents; null until credited. */
  credit_amount_cents: z.number().int().nullable(),
  decline_reason: z.string().nullable(),
});
export type Claim = z.infer<typeof claimSchema>;

const customerField = z.string().max(64).optional();

/** `claim_setup` params: what of one order can be claimed. */
export const claimSetupParamsSchema = z.object({
  customer: customerField,
  order_key: z.string().min(1).max(64),
});

/** A line and the units of it claimed. */
export const claimLineArgsSchema = z.object({
  line_no: z.number().int().positive().max(10_000),
  units: z.number().int().positive().max(1_000_000),
});

/**
 * `claim_finish` (queued mutation and run op): files the claim with the photos and videos
 * uploaded to `folder_key`. `claim_update` takes the same args to change a claim not yet in
 * review.
 */
export const claimFinishArgsSchema = z.object({
  customer: customerField,
  claim_key: clientKeySchema,
  order_key: z.string().min(1).max(64),
  folder_key: z.string().min(1).max(64),
  lines: z.array(claimLineArgsSchema).min(1).max(200),
  reason: claimReasonSchema,
  comment: z.string().max(1000).default(''),
});
export type ClaimFinishArgs = z.infer<typeof claimFinishArgsSchema>;

/** `claim_detail` and `claim_delete` params. */
export const claimRefArgsSchema = z.object({
  customer: customerField,
  claim_key: clientKeySchema,
});
export type ClaimRefArgs = z.infer<typeof claimRefArgsSchema>;

/** `claim_review` (staff only): moves a claim into review or decides it. */
export const claimReviewParamsSchema = z.discriminatedUnion('decision', [
  z.object({
    customer: z.string().min(1).max(64),
    claim_key: clientKeySchema,
    decision: z.literal('in_review'),
  }),
  z.object({
    customer: z.string().min(1).max(64),
    claim_key: clientKeySchema,
    decision: z.literal('credited'),
    /** Whole cents, up to $1,000,000. */
    amount_cents: z.number().int().positive().max(100_000_000),
  }),
  z.object({
    customer: z.string().min(1).max(64),
    claim_key: clientKeySchema,
    decision: z.literal('declined'),
    reason: z.string().min(1).max(500),
  }),
]);

/** Spec §3 result of one claimed item. */
export const claimResultSchema = z.object({
  arrival: z.enum(['ARRIVED', 'NOT_ARRIVED']),
  po: z.string(),
  order: z.string(),
  product_group: z.string(),
  process: claimProcessSchema,
  error: z.string().nullable(),
});
export type ClaimResult = z.infer<typeof claimResultSchema>;

/** `POST /api/folder/create` body (spec §3, §7). */
export const folderCreateSchema = z.object({
  folderName: clientKeySchema,
  parentKey: z.string().max(64).nullish(),
});

/** `POST /api/images/upload` body (spec §3, §7): the file as base64. */
export const imageUploadSchema = z.object({
  fileName: z.string().min(1).max(200),
  fileContent: z.string().min(1),
  folderKey: z.string().min(1).max(64),
});

/** The answer to an upload: the server's key of the stored file. */
export const uploadAnswerSchema = z.object({
  success: z.literal(true),
  result: z.object({
    key: z.string(),
    kind: z.enum(['image', 'video']),
    type: z.string(),
    bytes: z.number().int(),
  }),
});

/** How many files a claim may name. */
export const claimFilesLimit = CLAIM_MAX_FILES;

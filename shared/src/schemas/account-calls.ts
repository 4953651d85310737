import { z } from 'zod/mini';

/**
 * The shapes of issue 26's remaining calls: analytics, farms, statements and mail templates. In
 * zod/mini, tree-shakable: the catalogue reads a buyer's farms and queues analytics events as it
 * starts (issue 28).
 */

const plainObject = z.record(z.string().check(z.maxLength(64)), z.unknown());

/** The longest server message a claim-error event carries; the app cuts longer ones. */
export const CLAIM_ERROR_MESSAGE_MAX = 500;

/**
 * Spec §8: a failed claim, logged for staff as a `claim_error` event. It names the claim, its
 * order and the order lines claimed, and carries the server's refusal: enough to find the claim
 * and see why it failed. Strict, unlike other events' props: staff read these fields.
 */
export const claimErrorPropsSchema = z.strictObject({
  name: z.literal('claim_error'),
  claim_key: z.string().check(z.minLength(1), z.maxLength(64)),
  order_key: z.string().check(z.minLength(1), z.maxLength(64)),
  order_number: z.string().check(z.maxLength(64)),
  line_nos: z
    .array(z.int().check(z.positive(), z.lte(10_000)))
    .check(z.minLength(1), z.maxLength(200)),
  /** The push's rejection code, when the refusal came with one. */
  code: z.optional(z.string().check(z.regex(/^[a-z_]{1,32}$/))),
  message: z.string().check(z.minLength(1), z.maxLength(CLAIM_ERROR_MESSAGE_MAX)),
});
export type ClaimErrorProps = z.infer<typeof claimErrorPropsSchema>;

/** Event names whose props have a fixed shape: another name's props are free-form. */
const SHAPED_EVENT_NAMES: readonly string[] = ['claim_error'];

/**
 * `POST /api/event/ {props, extra, meta}`: one analytics event; `props.name` names it. A
 * `claim_error` must match its shape exactly; other events (`page_view`, …) carry any props.
 */
export const analyticsEventSchema = z.union([
  z.object({
    props: claimErrorPropsSchema,
    extra: z._default(plainObject, {}),
    meta: z._default(plainObject, {}),
  }),
  z.object({
    props: z.intersection(
      plainObject,
      z.object({
        name: z.string().check(
          z.minLength(1),
          z.maxLength(64),
          z.refine((name) => !SHAPED_EVENT_NAMES.includes(name)),
        ),
      }),
    ),
    extra: z._default(plainObject, {}),
    meta: z._default(plainObject, {}),
  }),
]);

/** The app sends its events batched: one event or a list of up to 50. */
export const analyticsEventsBodySchema = z.union([
  analyticsEventSchema,
  z.array(analyticsEventSchema).check(z.minLength(1), z.maxLength(50)),
]);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** Staff summary of analytics events: counts per day (yyyy-MM-dd, New York) and name. */
export const analyticsSummaryQuerySchema = z.object({
  days: z._default(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(90))), 7),
});

export const GROWER_RELATIONS = ['preferred', 'blocked'] as const;
export const growerRelationSchema = z.enum(GROWER_RELATIONS);
export type GrowerRelation = z.infer<typeof growerRelationSchema>;

/** Run `customer_grower_relationship {customer?}`: the farms the customer prefers or blocked. */
export const customerGrowerParamsSchema = z.object({
  customer: z.optional(z.string().check(z.maxLength(64))),
});
export const customerGrowerSchema = z.object({
  grower_key: z.string(),
  relation: growerRelationSchema,
});
export type CustomerGrower = z.infer<typeof customerGrowerSchema>;
/** The answer of both farm calls: the customer's whole list after the call. */
export const customerGrowersAnswerSchema = z.object({
  success: z.literal(true),
  results: z.array(customerGrowerSchema),
});

/** Run `sales_change_customer_grower {customer, grower, relation}` (staff); null removes it. */
export const salesChangeCustomerGrowerParamsSchema = z.object({
  customer: z.string().check(z.minLength(1), z.maxLength(64)),
  grower: z.string().check(z.minLength(1), z.maxLength(64)),
  relation: z.nullable(growerRelationSchema),
});

/** Run `list_statements {customer?, months?}`: the last `months` monthly statements, newest first. */
export const listStatementsParamsSchema = z.object({
  customer: z.optional(z.string().check(z.maxLength(64))),
  months: z._default(z.int().check(z.gte(1), z.lte(24)), 6),
});

/** One entry of a statement: an order (a charge), a credit or a payment, in cents. */
export interface StatementEntry {
  kind: 'order' | 'credit' | 'payment';
  /** Epoch ms. */
  at: number;
  reference: string;
  /** Charges are positive, credits and payments negative. */
  amount_cents: number;
}

/** A monthly statement: what was owed at the start, what happened, what is owed at the end. */
export interface Statement {
  /** yyyy-MM, New York time. */
  month: string;
  /** The statement's number (`statementNumber`): what the customer quotes, and its download name. */
  number: string;
  opening_cents: number;
  charges_cents: number;
  credits_cents: number;
  payments_cents: number;
  closing_cents: number;
  entries: StatementEntry[];
}

/** `POST /api/mail/sent_email_template {template, customer}` (staff). */
export const sentEmailTemplateArgsSchema = z.object({
  template: z.string().check(z.regex(/^[a-z0-9_]{1,40}$/)),
  customer: z.string().check(z.minLength(1), z.maxLength(64)),
});

import { z } from 'zod';
import { CARD_BRANDS } from '../rules/card-validation';

/**
 * `accounting_add_card` params: the card as typed. Shapes only — `checkCard` in
 * rules/card-validation decides validity. The number and CVV are used once to check and
 * tokenise and are never stored, logged or echoed. `customer` is accepted for compatibility; the
 * server takes the customer from the token.
 */
export const addCardArgsSchema = z.object({
  customer: z.string().max(64).optional(),
  number: z.string().max(40),
  exp_month: z.union([z.number(), z.string().max(4)]),
  exp_year: z.union([z.number(), z.string().max(4)]),
  cvv: z.string().max(8),
  holder_name: z.string().trim().min(1).max(80),
});
export type AddCardArgs = z.infer<typeof addCardArgsSchema>;

export const cardBrandSchema = z.enum(CARD_BRANDS);

/** The most cards a customer keeps saved: every device pulls them all. */
export const MAX_SAVED_CARDS = 20;

/**
 * A saved card as the buyer's devices see it (the synced `payment_cards` collection): the
 * tokenised card, never a number. The processor token itself stays on the server.
 */
export const savedCardSchema = z.object({
  key: z.string(),
  brand: cardBrandSchema,
  last4: z.string().regex(/^[0-9]{4}$/),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int(),
  holder_name: z.string(),
  created_at: z.number().int(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

/** `delete_payment` params: the saved card's key. */
export const deletePaymentArgsSchema = z.object({
  customer: z.string().max(64).optional(),
  key: z.string().min(1).max(64),
});
export type DeletePaymentArgs = z.infer<typeof deletePaymentArgsSchema>;

/** POST /api/customer/credit_cards body (spec §7): `{ customer }`, which must be the caller's own. */
export const creditCardsBodySchema = z.object({ customer: z.string().max(64).optional() });

export const creditCardsAnswerSchema = z.object({
  success: z.literal(true),
  results: z.array(savedCardSchema),
});
export type CreditCardsAnswer = z.infer<typeof creditCardsAnswerSchema>;

export const addCardAnswerSchema = z.object({ success: z.literal(true), result: savedCardSchema });
export type AddCardAnswer = z.infer<typeof addCardAnswerSchema>;

import { z } from 'zod';
import { notificationOptionSchema } from './notification-preferences';

/**
 * `POST /api/mail/unsubscribe {token}` (no session): the signed token of a mail's unsubscribe
 * link, naming one customer and one notification option. The RFC 8058 one-click form
 * (`?token=` with a `List-Unsubscribe=One-Click` form body) is answered alike.
 */
export const unsubscribeArgsSchema = z.object({
  token: z.string().min(1).max(400),
});
export type UnsubscribeArgs = z.infer<typeof unsubscribeArgsSchema>;

export const unsubscribeAnswerSchema = z.object({
  success: z.literal(true),
  option: notificationOptionSchema,
  /** The option's label, as the account's Notifications list shows it. */
  label: z.string(),
});
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;

import { z } from 'zod';

/**
 * The notification options a buyer sets on the account area (spec §9: track and trace, cart
 * reminder, promos) and the weekly statement mail (`customer_statement_email_weekly`), kept in
 * the customer's preferences. Unset means on, except promos and the weekly statement.
 */
export const NOTIFICATION_OPTIONS = [
  { key: 'notify_track_and_trace', label: 'Track and trace', byDefault: true },
  { key: 'notify_cart_reminder', label: 'Cart reminder', byDefault: true },
  { key: 'notify_promos', label: 'Promos', byDefault: false },
  { key: 'customer_statement_email_weekly', label: 'Weekly statement by email', byDefault: false },
] as const;
export type NotificationOption = (typeof NOTIFICATION_OPTIONS)[number]['key'];

export const notificationPreferencesSchema = z.object({
  notify_track_and_trace: z.boolean().optional(),
  notify_cart_reminder: z.boolean().optional(),
  notify_promos: z.boolean().optional(),
  customer_statement_email_weekly: z.boolean().optional(),
});

export const notificationOptionSchema = z.enum(NOTIFICATION_OPTIONS.map((option) => option.key));

/** Whether an option is on in stored preferences: a stored boolean, else the option's default. */
export function notificationOptionOn(
  preferences: Readonly<Record<string, unknown>>,
  option: NotificationOption,
): boolean {
  const stored = preferences[option];
  if (typeof stored === 'boolean') return stored;
  return NOTIFICATION_OPTIONS.find((entry) => entry.key === option)?.byDefault ?? false;
}

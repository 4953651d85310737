import { useState } from 'react';
import { NOTIFICATION_OPTIONS, preferencesSchema, type NotificationOption } from '@stemline/shared';
import { useAccountDb } from '../../session/account-context';
import { useSession } from '../../session/use-session';
import { enqueueMutation } from '../../sync/outbox';
import { Checkbox, showToast } from '../../ui';
import { patchSessionUser } from '../delivery/session-user';

function storedPreferences(text: unknown): Record<string, unknown> {
  try {
    const parsed = preferencesSchema.safeParse(JSON.parse(typeof text === 'string' ? text : '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/**
 * Notification options (spec §9) and the weekly statement mail, saved in the customer's
 * preferences through the queued `update_preferences` mutation, so a change made offline holds.
 */
export function NotificationOptionsSection() {
  const db = useAccountDb();
  const preferences = storedPreferences(useSession()?.user.metadata.preferences);
  const [values, setValues] = useState(
    () =>
      Object.fromEntries(
        NOTIFICATION_OPTIONS.map((option) => [
          option.key,
          typeof preferences[option.key] === 'boolean'
            ? (preferences[option.key] as boolean)
            : option.byDefault,
        ]),
      ) as Record<NotificationOption, boolean>,
  );

  const change = (key: NotificationOption, on: boolean): void => {
    if (!db) return;
    setValues((previous) => ({ ...previous, [key]: on }));
    enqueueMutation(db, 'update_preferences', { preferences: { [key]: on } }).then(
      () =>
        patchSessionUser((user) => ({
          ...user,
          metadata: {
            ...user.metadata,
            preferences: JSON.stringify({
              ...storedPreferences(user.metadata.preferences),
              [key]: on,
            }),
          },
        })),
      () => showToast({ title: 'This device could not store the change.', variant: 'error' }),
    );
  };

  return (
    <section className="account-card" aria-labelledby="account-notifications-title">
      <h2 id="account-notifications-title">Notifications</h2>
      {NOTIFICATION_OPTIONS.map((option) => (
        <Checkbox
          key={option.key}
          isSelected={values[option.key]}
          onChange={(on) => change(option.key, on)}
        >
          {option.label}
        </Checkbox>
      ))}
    </section>
  );
}

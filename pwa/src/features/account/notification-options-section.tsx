import { useEffect, useState } from 'react';
import {
  NOTIFICATION_OPTIONS,
  notificationOptionOn,
  preferencesSchema,
  type NotificationOption,
} from '@stemline/shared';
import { useAccountDb } from '../../session/account-context';
import { sessionStore } from '../../session/session-store';
import { useSession } from '../../session/use-session';
import type { AccountDb } from '../../storage/account-db';
import { unwrittenMutations } from '../../sync/outbox';
import { Checkbox } from '../../ui';
import { authApi } from '../auth/auth-api';
import { patchSessionUser } from '../delivery/session-user';
import { enqueueOrTell } from '../shell/enqueue-or-tell';

function storedPreferences(text: unknown): Record<string, unknown> {
  try {
    const parsed = preferencesSchema.safeParse(JSON.parse(typeof text === 'string' ? text : '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function optionValues(preferences: Record<string, unknown>): Record<NotificationOption, boolean> {
  return Object.fromEntries(
    NOTIFICATION_OPTIONS.map((option) => [
      option.key,
      notificationOptionOn(preferences, option.key),
    ]),
  ) as Record<NotificationOption, boolean>;
}

/** Whether this device has a preference change the server has not applied yet. */
async function hasQueuedPreferenceChange(db: AccountDb): Promise<boolean> {
  if (unwrittenMutations(db).some((entry) => entry.name === 'update_preferences')) return true;
  const pending = await db.mutations
    .find({ selector: { name: 'update_preferences', status: 'pending' } })
    .exec();
  return pending.length > 0;
}

/**
 * Notification options (spec §9) and the weekly statement mail, saved in the customer's
 * preferences through the queued `update_preferences` mutation, so a change made offline holds.
 * Online, the options are read again from the server on opening: a mail's unsubscribe link may
 * have turned one off since this device last signed in. A change still queued here wins.
 */
export function NotificationOptionsSection() {
  const db = useAccountDb();
  const preferences = storedPreferences(useSession()?.user.metadata.preferences);
  const [values, setValues] = useState(() => optionValues(preferences));

  useEffect(() => {
    const token = sessionStore.get()?.token;
    if (!db || !token) return;
    let cancelled = false;
    void (async () => {
      const answer = await authApi.validate(token);
      const fresh = answer.ok ? answer.data.user?.metadata.preferences : undefined;
      if (cancelled || typeof fresh !== 'string' || (await hasQueuedPreferenceChange(db))) return;
      if (cancelled) return;
      setValues(optionValues(storedPreferences(fresh)));
      patchSessionUser((user) => ({ ...user, metadata: { ...user.metadata, preferences: fresh } }));
    })();
    return () => {
      cancelled = true;
    };
  }, [db]);

  const change = (key: NotificationOption, on: boolean): void => {
    if (!db) return;
    setValues((previous) => ({ ...previous, [key]: on }));
    void enqueueOrTell(db, 'update_preferences', { preferences: { [key]: on } }).then((id) => {
      // Not stored on this device (the buyer is told): the box shows the option as it was.
      if (id === null) return setValues((previous) => ({ ...previous, [key]: !on }));
      patchSessionUser((user) => ({
        ...user,
        metadata: {
          ...user.metadata,
          preferences: JSON.stringify({
            ...storedPreferences(user.metadata.preferences),
            [key]: on,
          }),
        },
      }));
    });
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

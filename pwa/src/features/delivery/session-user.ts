import type { User } from '@stemline/shared';
import { sessionStore } from '../../session/session-store';

/**
 * Changes the signed-in user as this device keeps it, so the screen shows a change the server
 * will make once the queued mutation reaches it (the selected address, a preference).
 */
export function patchSessionUser(patch: (user: User) => User): void {
  const session = sessionStore.get();
  if (session) sessionStore.signIn(session.token, patch(session.user));
}

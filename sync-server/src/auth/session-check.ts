import type { Db } from '../db/database';
import { createSessionRepository } from './session-repository';
import type { TokenClaims } from './tokens';

/**
 * Whether a user token's session still holds (see `SessionRepository.isActive`). The app's own
 * check is `app.repos.sessions.isActive`; this builds one for the sync stream (sync/routes.ts).
 */
export function createSessionCheck(db: Db): (claims: TokenClaims) => boolean {
  return createSessionRepository(db).isActive;
}

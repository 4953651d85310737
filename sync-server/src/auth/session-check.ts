import type { SqlExecutor } from '../db/sql-engine';
import { createSessionRepository } from './session-repository';
import type { TokenClaims } from './tokens';

/**
 * Whether a user token's session still holds (see `SessionRepository.isActive`). The app's own
 * check is `app.repos.sessions.isActive`; this builds one for the sync stream (sync/routes.ts).
 */
export function createSessionCheck(engine: SqlExecutor): (claims: TokenClaims) => Promise<boolean> {
  return createSessionRepository(engine).isActive;
}

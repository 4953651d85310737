import { signUpTrackingSchema, type SignUpTracking } from '@stemline/shared';
import { storedTracking } from './arrival-params';

/**
 * The tracking this visit arrived with (arrival-params.ts), for a sign-up payload: checked with
 * the payload's own schema, so storage edited by hand can neither add a field nor make the server
 * refuse the sign-up. Anything unreadable counts as no tracking.
 */
export function signUpTracking(): SignUpTracking {
  const text = storedTracking();
  if (text === null) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  const parsed = signUpTrackingSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}

import { messages } from '@stemline/shared';
import { sessionStore } from '../session/session-store';
import { dropPublicToken, publicToken } from './public-token';
import { serverClock } from './server-clock';

/** The outcome of an API call: spec §7's `success` flag plus the body or the error text. */
/** A request's error when the network is missing. */
export const OFFLINE = 'Network unavailable';

export type ApiResult<T> =
  | { success: true; status: number; data: T }
  | { success: false; status: number; error: string; data: unknown; offline: boolean };

interface RequestOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The call is about another token than this device's (a login-as link's): it goes with the
   * visitor's public token, and its 401 says nothing about this device's session.
   */
  withoutSession?: boolean;
  /**
   * The call goes with this token instead of the device's session (a sales rep's, signing a
   * customer up from this device); its 401 says nothing about this device's session.
   */
  token?: string;
}

/**
 * Calls the API with the session's bearer token. Following spec §7: a 500 gives 'Server error',
 * an empty body 'No data', a body that is not JSON empty defaults; a network failure is
 * reported as `offline`. An expired or rejected session (401) signs the device out. Visitors send
 * the default public token; one the server refuses is replaced and the call made once more.
 */
export async function apiRequest<T>(
  path: string,
  options: RequestOptions = {},
  retriedPublicToken = false,
): Promise<ApiResult<T>> {
  const url = new URL(path, window.location.origin);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  const sessionToken =
    options.withoutSession || options.token !== undefined ? undefined : sessionStore.get()?.token;
  // Visitors carry the default public token, which reaches public data only.
  const token = options.token ?? sessionToken ?? (await publicToken());
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch {
    return { success: false, status: 0, error: OFFLINE, data: null, offline: true };
  }
  serverClock.observe(response.headers.get('X-Server-Time'));
  let text: string;
  try {
    text = await response.text();
  } catch {
    // The body was cut off: the connection dropped, or the caller aborted (a page or session that
    // moved on). Reading it is part of the call, so it answers as a network failure, never throws.
    return { success: false, status: 0, error: OFFLINE, data: null, offline: true };
  }
  if (response.status >= 500)
    return {
      success: false,
      status: response.status,
      error: messages.serverError,
      data: null,
      offline: false,
    };
  if (text.length === 0)
    return {
      success: false,
      status: response.status,
      error: messages.noData,
      data: null,
      offline: false,
    };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = {};
  }
  if (response.status === 401 && sessionToken) sessionStore.expire(sessionToken);
  else if (
    response.status === 401 &&
    token &&
    options.token === undefined &&
    !retriedPublicToken &&
    isTokenRefusal(data)
  ) {
    dropPublicToken(token);
    return apiRequest<T>(path, options, true);
  }
  if (!response.ok) {
    return {
      success: false,
      status: response.status,
      error: errorText(data),
      data,
      offline: false,
    };
  }
  return { success: true, status: response.status, data: data as T };
}

function errorText(data: unknown): string {
  if (
    typeof data === 'object' &&
    data !== null &&
    'error' in data &&
    typeof data.error === 'string'
  )
    return data.error;
  return messages.serverError;
}

/** The auth gate's own 401 (`code: 'unauthorized'`), as opposed to a refused password. */
function isTokenRefusal(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && 'code' in data && data.code === 'unauthorized'
  );
}

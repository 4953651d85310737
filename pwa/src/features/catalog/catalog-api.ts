/**
 * The catalogue downloads: the compact snapshot of a date and its head (binary, so they cannot go
 * through `apiRequest`, which reads JSON) and the delta since a version (JSON). Each answers the same
 * result shape as `apiRequest`: a network failure is `offline`, never an exception.
 */
import { messages, type CatalogDeltaAnswer } from '@stemline/shared';
import { apiRequest, type ApiResult } from '../../api/client';
import { dropPublicToken, publicToken } from '../../api/public-token';
import { serverClock } from '../../api/server-clock';
import { sessionStore } from '../../session/session-store';
import { loadStartSchemas } from '../../storage/start-schemas-loader';

/**
 * GET /api/catalog/:date/compact: the compact snapshot's bytes, decompressed by the browser.
 * Tokens as `apiRequest` sends them: the session's, else the visitor's public token (renewed
 * once if the server refuses it); a refused session signs the device out.
 */
export async function downloadCompactCatalog(
  date: number,
  signal: AbortSignal,
): Promise<ApiResult<ArrayBuffer>> {
  const answer = await downloadCatalogBytes(`/api/catalog/${date}/compact`, signal);
  return answer.success ? { ...answer, data: answer.data.bytes } : answer;
}

/** The head of a date's catalogue (shared `catalogHead`) and how many varieties its view lists. */
export interface CatalogHeadAnswer {
  data: ArrayBuffer;
  entryCount: number;
}

/**
 * GET /api/catalog/:date/head: the head of the date's copy without prices, for a first visit's
 * first screen while the whole copy downloads; the same tokens as the whole copy.
 */
export async function downloadCatalogHead(
  date: number,
  signal: AbortSignal,
): Promise<ApiResult<CatalogHeadAnswer>> {
  const answer = await downloadCatalogBytes(`/api/catalog/${date}/head`, signal);
  if (!answer.success) return answer;
  const entryCount = Number(answer.data.headers.get('X-Catalog-Entries'));
  return Number.isSafeInteger(entryCount) && entryCount >= 0
    ? { ...answer, data: { data: answer.data.bytes, entryCount } }
    : {
        success: false,
        status: answer.status,
        error: messages.serverError,
        data: null,
        offline: false,
      };
}

async function downloadCatalogBytes(
  path: string,
  signal: AbortSignal,
  retriedPublicToken = false,
): Promise<ApiResult<{ bytes: ArrayBuffer; headers: Headers }>> {
  const sessionToken = sessionStore.get()?.token;
  const token = sessionToken ?? (await publicToken());
  let response: Response;
  try {
    response = await fetch(path, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal,
    });
  } catch {
    return { success: false, status: 0, error: 'Network unavailable', data: null, offline: true };
  }
  serverClock.observe(response.headers.get('X-Server-Time'));
  if (response.ok) {
    const bytes = await response.arrayBuffer();
    return { success: true, status: response.status, data: { bytes, headers: response.headers } };
  }
  if (response.status === 401 && sessionToken) sessionStore.expire(sessionToken);
  else if (response.status === 401 && token && !retriedPublicToken) {
    dropPublicToken(token);
    return downloadCatalogBytes(path, signal, true);
  }
  let error: string = messages.serverError;
  if (response.status < 500) {
    try {
      const body = (await response.json()) as { error?: unknown };
      if (typeof body.error === 'string') error = body.error;
    } catch {
      // Not JSON: keep the generic message.
    }
  }
  return { success: false, status: response.status, error, data: null, offline: false };
}

/** GET /api/catalog/:date/delta: stock and price changes since `version`. */
export async function fetchCatalogDelta(
  date: number,
  since: number,
  catalogId: string,
  signal: AbortSignal,
): Promise<ApiResult<CatalogDeltaAnswer>> {
  const answer = await apiRequest<unknown>(`/api/catalog/${date}/delta`, {
    query: { since, catalog: catalogId },
    signal,
  });
  if (!answer.success) return answer;
  const schemas = await loadStartSchemas().catch(() => null);
  if (!schemas) {
    return { success: false, status: 0, error: 'Network unavailable', data: null, offline: true };
  }
  const parsed = schemas.catalogDeltaAnswerSchema.safeParse(answer.data);
  return parsed.success
    ? { success: true, status: answer.status, data: parsed.data }
    : {
        success: false,
        status: answer.status,
        error: messages.serverError,
        data: null,
        offline: false,
      };
}

import { safeParse } from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { apiRequest, OFFLINE } from './client';

/**
 * The answer of a schema-checked call: the server's body parsed with the shared schema, or the
 * failure: `offline` when the network is missing, else the server's message. Refusals (wrong
 * password, taken email…) come back with status and body like any answer.
 */
export type CheckedResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; offline: boolean; status: number; error: string; data: T | null };

/**
 * One call through `apiRequest`, its answer parsed with `schema`. A successful answer the schema
 * refuses is a failure ('No data'); a failure keeps its body when the schema accepts it. The
 * schema may still be loading (a chunk of its own, `import()`): the request goes out at once,
 * and a schema that cannot load (the network went) makes the call fail as offline.
 */
export async function call<Schema extends $ZodType>(
  schema: Schema | Promise<Schema>,
  path: string,
  options: Parameters<typeof apiRequest>[1],
): Promise<CheckedResult<output<Schema>>> {
  // Handled at once: a schema that fails to load while the request is out is no stray rejection.
  const loading = Promise.resolve(schema).catch(() => null);
  const answer = await apiRequest<unknown>(path, options);
  const loaded = await loading;
  if (!loaded) return { ok: false, offline: true, status: 0, error: OFFLINE, data: null };
  // zod's function form, so that a schema of zod's classic API and one of zod/mini both go.
  const parsed = safeParse(loaded, answer.data);
  if (answer.success) {
    if (parsed.success) return { ok: true, status: answer.status, data: parsed.data };
    return { ok: false, offline: false, status: answer.status, error: 'No data', data: null };
  }
  return {
    ok: false,
    offline: answer.offline,
    status: answer.status,
    error: answer.error,
    data: parsed.success ? parsed.data : null,
  };
}

/** A named operation through POST /api/cs/run, its answer parsed with `schema`. */
export const run = <Schema extends $ZodType>(
  schema: Schema | Promise<Schema>,
  key: string,
  params: unknown,
) => call(schema, '/api/cs/run', { method: 'POST', body: { key, params } });

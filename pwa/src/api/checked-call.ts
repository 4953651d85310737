import { safeParse } from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { apiRequest } from './client';

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
 * refuses is a failure ('No data'); a failure keeps its body when the schema accepts it.
 */
export async function call<Schema extends $ZodType>(
  schema: Schema,
  path: string,
  options: Parameters<typeof apiRequest>[1],
): Promise<CheckedResult<output<Schema>>> {
  const answer = await apiRequest<unknown>(path, options);
  // zod's function form, so that a schema of zod's classic API and one of zod/mini both go.
  const parsed = safeParse(schema, answer.data);
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
export const run = <Schema extends $ZodType>(schema: Schema, key: string, params: unknown) =>
  call(schema, '/api/cs/run', { method: 'POST', body: { key, params } });

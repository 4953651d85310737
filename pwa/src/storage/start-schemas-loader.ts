import type * as StartSchemasModule from './start-schemas';

/**
 * Hands out the start schemas (start-schemas.ts). A visitor's first screen reads nothing that
 * needs them, so zod and the schemas are fetched beside it, not in it (issue 28); a start with a
 * stored session waits for them before its first render (boot.tsx), so that session is read at
 * once. Precached like every chunk, they load offline too.
 */
export type StartSchemas = typeof StartSchemasModule;

let loaded: StartSchemas | null = null;
let loading: Promise<StartSchemas> | null = null;

/** The start schemas, loaded once; a load that failed (network gone) is tried again next time. */
export function loadStartSchemas(): Promise<StartSchemas> {
  loading ??= import('./start-schemas').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The start schemas once they have loaded, else null (and they start loading). */
export function startSchemas(): StartSchemas | null {
  if (!loaded) loadStartSchemas().catch(() => undefined);
  return loaded;
}

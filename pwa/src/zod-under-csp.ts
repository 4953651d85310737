import type { $ZodConfig } from 'zod/v4/core';

/**
 * Zod compiles object parsers with `new Function` where a page allows eval, and finds out with a
 * throw-away `Function('')` as each object schema is built. The server's Content-Security-Policy
 * allows no eval (sync-server/src/http/security-headers.ts), so that probe could only fail, and
 * the browser reports each failure as a violation: Zod is told to parse without compiling, which
 * it would do under the policy anyway. The schemas are built as the app's code loads, so this is
 * set before (main.tsx imports it) through the global Zod reads its settings from on load.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: $ZodConfig };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

import type { AppContext } from '../app-context';

/**
 * Who may read a model through `POST /api/load_all_by_model`: `public` models answer any token
 * (visitors' public tokens included); `staff` models answer staff only. Writes (update, add,
 * delete) are staff only whatever the read access, and admin only for a model whose
 * `writeAccess` says so (auth/staff-access.ts `requireAdmin`).
 */
export type ModelAccess = 'public' | 'staff';

/** One row as the model calls answer it; config records carry their key as `_KEY`. */
export type ModelRow = Record<string, unknown>;

/**
 * What a model serves. Each handler validates the rows it is given with its own zod schema (a
 * `ZodError` becomes a 400) and throws `DomainError` for rows it refuses; a handler that is absent
 * makes that call answer 400 'not editable'. Writes run inside one transaction per call. A
 * handler may answer a promise (repositories on the SQL engine do); the routes await it.
 */
export interface ModelHandlers {
  access: ModelAccess;
  /**
   * `admin`: only an allow-listed manager changes it: a model that decides who is staff, or
   * config every customer lives by (closed weeks, fake-email domains). Hunters are staff, not
   * admins.
   */
  writeAccess?: 'staff' | 'admin';
  /** The model decides who is staff: after a write, the managers it listed check their sessions. */
  decidesStaff?: true;
  /** Every row, or only those whose key is in `keys` when keys are given. */
  load(app: AppContext, keys: readonly string[] | undefined): ModelRow[] | Promise<ModelRow[]>;
  update?(app: AppContext, rows: readonly unknown[]): ModelRow[] | Promise<ModelRow[]>;
  add?(app: AppContext, rows: readonly unknown[]): ModelRow[] | Promise<ModelRow[]>;
  /** Returns how many rows went. */
  delete?(app: AppContext, keys: readonly string[]): number | Promise<number>;
}

const registry = new Map<string, ModelHandlers>();

/**
 * Makes `name` available to the four model calls. Call it at module load (e.g. from a
 * `register-*-models.ts` file imported by app.ts). Registering one name twice is a programming
 * error and throws, so two features never silently serve the same model.
 */
export function registerModel(name: string, handlers: ModelHandlers): void {
  if (registry.has(name)) throw new Error(`model '${name}' is registered twice`);
  registry.set(name, handlers);
}

/** The handlers of a registered model, or undefined. */
export function findModel(name: string): ModelHandlers | undefined {
  return registry.get(name);
}

/** Every registered model name (for error messages and tests). */
export function registeredModelNames(): string[] {
  return [...registry.keys()].sort();
}

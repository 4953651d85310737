/**
 * Upgrades of the account database's documents when a collection's RxDB schema changes: RxDB's
 * migration plugin runs each collection's strategies once, when the collection opens on a device
 * that stored an older version. Version 1 of the collections that hold money (issue 22): a
 * document stored before money was counted in whole cents carries dollars, and its strategy turns
 * it into cents field by field (shared `fromDollars`; the server's migration does the same to its
 * copies). A document that is already in cents comes through unchanged.
 */
import { addRxPlugin, type MigrationStrategies } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { fromDollars, type MoneyShape } from '@stemline/shared';

/** Adds the migration plugin (once; later calls do nothing). Call before opening a database. */
export function enableSchemaMigrations(): void {
  addRxPlugin(RxDBMigrationSchemaPlugin);
}

/** The strategies of a collection whose version 1 counts `shape`'s money in cents. */
export function centsMigration(shape: MoneyShape): MigrationStrategies {
  return { 1: (doc: unknown) => fromDollars(doc, shape) };
}

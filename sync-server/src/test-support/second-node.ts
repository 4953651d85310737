import type { AppContext } from '../app-context';
import { createAppContext, createPostgresAppContext } from '../create-context';
import { openDatabase } from '../db/database';

export interface SecondNode {
  context: AppContext;
  close(): Promise<void>;
}

/**
 * The app context of a second server node on the database of `context` (with its secret and
 * clock): on PostgreSQL its own pool and LISTEN connection, on SQLite its own connection to the
 * same file. What a scheduler run on another machine or process would hold.
 */
export async function openSecondNode(context: AppContext): Promise<SecondNode> {
  const { config, jwtSecret, now } = context;
  const other = config.databaseUrl
    ? await createPostgresAppContext(config.databaseUrl, config, { jwtSecret, now })
    : await createAppContext(openDatabase(config.databaseFile), config, { jwtSecret, now });
  return {
    context: other,
    close: async () => {
      await other.changes.close();
      await other.engine.close();
    },
  };
}

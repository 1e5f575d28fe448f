import type { DbHandle, KyselyPlugin } from '@medida/db';
import { createFreshTestDb } from '@medida/db/testing';

/** Counts every statement run through Kysely (query builder and raw `sql`); BEGIN and COMMIT pass it by. */
export function statementCounter() {
  const counter = { count: 0 };
  // transformResult runs once per executed statement (transformQuery also runs for embedded sub-queries).
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.count++;
      return args.result;
    },
  };
  return { counter, plugin };
}

/**
 * A fresh test database whose every round trip is counted: Kysely's statements through the plugin, and BEGIN and
 * COMMIT (the driver sends them past the plugins) added here, two per transaction.
 */
export async function countedTestDb(): Promise<{ counter: { count: number }; handle: DbHandle }> {
  const { counter, plugin } = statementCounter();
  const fresh = await createFreshTestDb();
  const db = fresh.db.withPlugin(plugin);
  const transaction = db.transaction.bind(db);
  db.transaction = () => {
    counter.count += 2;
    return transaction();
  };
  return { counter, handle: { ...fresh, db } };
}

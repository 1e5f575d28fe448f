import { sql, type Database, type Kysely } from '@medida/db';

export function createRateLimitsRepository(db: Kysely<Database>) {
  return {
    /** Adds one hit to the window and returns the new count (one atomic statement, safe across instances). */
    increment: async (scope: string, key: string, windowStart: Date): Promise<number> => {
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ scope, key, window_start: windowStart, hits: 1 })
        .onConflict((oc) =>
          oc.columns(['scope', 'key', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limit_counters.hits + 1` }),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      return row.hits;
    },
    deleteOlderThan: (before: Date) =>
      db.deleteFrom('rate_limit_counters').where('window_start', '<', before).execute(),
  };
}

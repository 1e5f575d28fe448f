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
    /**
     * Adds each key's hits to the window in one statement (keys sorted, so two writers lock them in the same order)
     * and returns every key's new count.
     */
    incrementMany: async (scope: string, hits: Array<{ key: string; n: number }>, windowStart: Date) => {
      const rows = await db
        .insertInto('rate_limit_counters')
        .values(
          [...hits]
            .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
            .map((h) => ({ scope, key: h.key, window_start: windowStart, hits: h.n })),
        )
        .onConflict((oc) =>
          oc
            .columns(['scope', 'key', 'window_start'])
            .doUpdateSet({ hits: sql<number>`rate_limit_counters.hits + excluded.hits` }),
        )
        .returning(['key', 'hits'])
        .execute();
      return new Map(rows.map((r) => [r.key, r.hits]));
    },
    deleteScopeOlderThan: (scope: string, before: Date) =>
      db.deleteFrom('rate_limit_counters').where('scope', '=', scope).where('window_start', '<', before).execute(),
    deleteOlderThan: (before: Date) =>
      db.deleteFrom('rate_limit_counters').where('window_start', '<', before).execute(),
  };
}

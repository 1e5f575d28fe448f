import type { Database, Kysely } from '@medida/db';

/** The hand-over ledger; the moves themselves are on `users`, through the people module's user records. */

export function createHandoverRepository(db: Kysely<Database>) {
  return {
    /** Which of these people the actor has handed over before (they are no longer its own). */
    handedOverBy: async (actorId: number, ids: number[]) =>
      ids.length === 0
        ? []
        : (
            await db
              .selectFrom('handovers')
              .select('user_id')
              .distinct()
              .where('from_user_id', '=', actorId)
              .where('user_id', 'in', ids)
              .execute()
          ).map((r) => r.user_id),

    record: (
      rows: { user_id: number; from_user_id: number; to_user_id: number; actor_id: number; created_at: Date }[],
    ) =>
      rows.length === 0
        ? Promise.resolve()
        : db
            .insertInto('handovers')
            .values(rows)
            .execute()
            .then(() => undefined),
  };
}

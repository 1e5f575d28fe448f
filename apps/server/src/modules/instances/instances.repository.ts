import type { Database, Kysely } from '@medida/db';

/** The running instances and their heartbeats (decisions 222, 231). */
export function createInstancesRepository(db: Kysely<Database>) {
  return {
    /** The instance's heartbeat (its row back if a peer swept it) and every stale instance deleted: one transaction. */
    beat: (a: { id: string; now: Date; staleBefore: Date }) =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('server_instances')
          .values({ id: a.id, seen_at: a.now })
          .onConflict((oc) => oc.column('id').doUpdateSet({ seen_at: a.now }))
          .execute();
        // Their chat sockets go with them (foreign key, ON DELETE CASCADE).
        await trx.deleteFrom('server_instances').where('seen_at', '<=', a.staleBefore).execute();
      }),

    /** A closing instance. */
    leave: (id: string) => db.deleteFrom('server_instances').where('id', '=', id).execute(),
  };
}

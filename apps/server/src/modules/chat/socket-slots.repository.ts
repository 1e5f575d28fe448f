import { sql, type Database, type Kysely } from '@medida/db';

/** Advisory-lock namespaces (the first key of the two-key form): a user's sockets and an address's. */
const USER_LOCK = 222_001;
const ADDRESS_LOCK = 222_002;

/**
 * The live chat sockets of every instance (decision 222). A socket counts while its instance's heartbeat in
 * `server_instances` is fresh (decision 231), so the sockets of a killed instance stop counting on their own; the
 * registry's heartbeat deletes stale instances and, by the foreign key, their sockets.
 */
export function createSocketSlotsRepository(db: Kysely<Database>) {
  return {
    /**
     * Inserts the socket if its user and its address are both under their caps; false when one is not. Under
     * transaction-scoped advisory locks on the user and the address (always in that order), so two instances
     * admitting the same user or address at once count one after the other.
     */
    claim: (a: {
      id: string;
      instanceId: string;
      userId: number;
      addressKey: string;
      now: Date;
      freshSince: Date;
      perUser: number;
      perAddress: number;
    }) =>
      db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${USER_LOCK}, ${a.userId}::integer),
          pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${a.addressKey}))`.execute(trx);
        const inserted = await sql<{ id: string }>`
          INSERT INTO chat_sockets (id, instance_id, user_id, address_key, opened_at)
          SELECT ${a.id}::uuid, ${a.instanceId}::uuid, ${a.userId}::integer, ${a.addressKey}, ${a.now}::timestamptz
          WHERE (SELECT count(*) FROM chat_sockets s JOIN server_instances i ON i.id = s.instance_id
                 WHERE s.user_id = ${a.userId}::integer AND i.seen_at > ${a.freshSince}::timestamptz) < ${a.perUser}
            AND (SELECT count(*) FROM chat_sockets s JOIN server_instances i ON i.id = s.instance_id
                 WHERE s.address_key = ${a.addressKey} AND i.seen_at > ${a.freshSince}::timestamptz) < ${a.perAddress}
          RETURNING id`.execute(trx);
        return inserted.rows.length === 1;
      }),

    release: (id: string) => db.deleteFrom('chat_sockets').where('id', '=', id).execute(),

    /** The instance's socket rows that are no longer open (a release that failed). */
    pruneClosed: async (a: { instanceId: string; openIds: string[] }) => {
      let own = db.deleteFrom('chat_sockets').where('instance_id', '=', a.instanceId);
      if (a.openIds.length > 0) own = own.where('id', 'not in', a.openIds);
      await own.execute();
    },

    /** A closing instance's sockets' rows. */
    leave: (instanceId: string) => db.deleteFrom('chat_sockets').where('instance_id', '=', instanceId).execute(),
  };
}

import { USER_TYPE } from '@medida/contracts';
import { sql, type Database, type Kysely } from '@medida/db';
import type { AuditTargetKind } from '../../lib/audit-route.ts';
import { auditHash, GENESIS_HASH, type ChainedFields } from './audit-chain.ts';

/** Namespace of the advisory lock that serialises appends to one account's chain. */
const CHAIN_LOCK_NAMESPACE = 16_011;

export function createAuditRepository(db: Kysely<Database>) {
  return {
    /** The client (type 2) behind an object and the account it belongs to; deleted objects too. */
    async resolveClient(kind: AuditTargetKind, id: number) {
      const clientId =
        kind === 'client'
          ? id
          : kind === 'evaluation'
            ? (await db.selectFrom('evaluations').select('client_id').where('id', '=', id).executeTakeFirst())
                ?.client_id
            : (await db.selectFrom('attachments').select('user_id').where('id', '=', id).executeTakeFirst())?.user_id;
      if (clientId === undefined) return undefined;
      const client = await db
        .selectFrom('users')
        .select(['id', 'parent_user_id'])
        .where('id', '=', clientId)
        .where('type', '=', USER_TYPE.client)
        .executeTakeFirst();
      if (!client?.parent_user_id) return undefined;
      return { clientId: client.id, accountId: client.parent_user_id };
    },

    /** Appends one event at the end of the account's chain (locked, so concurrent appends queue up). */
    append: (event: Omit<ChainedFields, 'seq' | 'prev_hash'>) =>
      db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK_NAMESPACE}, ${event.account_id})`.execute(trx);
        const last = await trx
          .selectFrom('audit_events')
          .select(['seq', 'hash'])
          .where('account_id', '=', event.account_id)
          .orderBy('seq', 'desc')
          .limit(1)
          .executeTakeFirst();
        const row = { ...event, seq: (last?.seq ?? 0) + 1, prev_hash: last?.hash ?? GENESIS_HASH };
        await trx
          .insertInto('audit_events')
          .values({ ...row, hash: auditHash(row) })
          .execute();
      }),

    /** One client's trail, newest first, with the actor's name. */
    listForClient: (clientId: number, limit: number, offset: number) =>
      db
        .selectFrom('audit_events')
        .leftJoin('users as actor', 'actor.id', 'audit_events.actor_id')
        .select([
          'audit_events.id',
          'audit_events.occurred_at',
          'audit_events.actor_id',
          'audit_events.actor_type',
          'actor.nombre as actor_nombre',
          'actor.apellido as actor_apellido',
          'audit_events.resource_type',
          'audit_events.resource_id',
          'audit_events.action',
          'audit_events.result',
          'audit_events.ip',
        ])
        .where('audit_events.client_id', '=', clientId)
        .orderBy('audit_events.occurred_at', 'desc')
        .orderBy('audit_events.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),

    countForClient: async (clientId: number) =>
      Number(
        (
          await db
            .selectFrom('audit_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('client_id', '=', clientId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** Every row of every chain, in chain order, for the verifier. */
    allInChainOrder: () => db.selectFrom('audit_events').selectAll().orderBy('account_id').orderBy('seq').execute(),
  };
}

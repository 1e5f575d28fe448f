import { USER_TYPE } from '@medida/contracts';
import { sql, type Database, type Kysely, type Transaction } from '@medida/db';
import type { AuditTargetKind } from '../../lib/audit-route.ts';
import { auditHash, GENESIS_HASH, type ChainedFields } from './audit-chain.ts';

/** Namespace of the advisory lock that serialises appends to one account's chain. */
const CHAIN_LOCK_NAMESPACE = 16_011;

/**
 * The client (type 2) behind an object, deleted objects too, and its account (the client's professional), as
 * one row: the object joined to its client (for a client target, the client row itself).
 */
function clientOf(db: Kysely<Database> | Transaction<Database>, kind: AuditTargetKind, id: number) {
  const clients = db
    .selectFrom('users as c')
    .select(['c.id as client_id', 'c.parent_user_id as account_id'])
    .where('c.type', '=', USER_TYPE.client)
    .where('c.parent_user_id', 'is not', null);
  if (kind === 'client') return clients.where('c.id', '=', id);
  if (kind === 'evaluation')
    return clients.where('c.id', '=', (eb) => eb.selectFrom('evaluations').select('client_id').where('id', '=', id));
  return clients.where('c.id', '=', (eb) => eb.selectFrom('attachments').select('user_id').where('id', '=', id));
}

type AuditEventFields = Omit<ChainedFields, 'seq' | 'prev_hash' | 'account_id' | 'client_id'>;

/**
 * Appends one event at the end of the chain of the account that owns the object's client, and says whether it
 * did (an object that leads to no client is not client data). Inside the caller's transaction: the first
 * statement finds the client and its account and takes the account's chain lock in the same row (decision 142:
 * the lock comes before the chain end is read, so concurrent appends queue up); then the chain end, the insert.
 */
export async function appendAuditEvent(
  trx: Transaction<Database>,
  target: { kind: AuditTargetKind; id: number },
  event: AuditEventFields,
): Promise<boolean> {
  const owner = await clientOf(trx, target.kind, target.id)
    .select(sql<unknown>`pg_advisory_xact_lock(${CHAIN_LOCK_NAMESPACE}, c.parent_user_id)`.as('locked'))
    .executeTakeFirst();
  if (!owner?.account_id) return false;
  const last = await trx
    .selectFrom('audit_events')
    .select(['seq', 'hash'])
    .where('account_id', '=', owner.account_id)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  const row = {
    ...event,
    account_id: owner.account_id,
    client_id: owner.client_id,
    seq: (last?.seq ?? 0) + 1,
    prev_hash: last?.hash ?? GENESIS_HASH,
  };
  await trx
    .insertInto('audit_events')
    .values({ ...row, hash: auditHash(row) })
    .execute();
  return true;
}

/** Takes the chain locks of several accounts in one order, so two transactions that append to the same chains
 * (a hand-over A→B and one B→A) never wait on each other in a circle. */
export async function lockAuditChains(trx: Transaction<Database>, accountIds: number[]) {
  for (const id of [...new Set(accountIds)].sort((a, b) => a - b))
    await sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK_NAMESPACE}, ${id})`.execute(trx);
}

export function createAuditRepository(db: Kysely<Database>) {
  return {
    /** Appends one event in a transaction of its own (see appendAuditEvent). */
    append: (target: { kind: AuditTargetKind; id: number }, event: AuditEventFields) =>
      db.transaction().execute((trx) => appendAuditEvent(trx, target, event)),

    /** One client's trail with the actor's name: a page newest first, or (no page) all of it oldest first. */
    listForClient: (clientId: number, page?: { limit: number; offset: number }) => {
      const direction = page ? 'desc' : 'asc';
      const trail = db
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
        .orderBy('audit_events.occurred_at', direction)
        .orderBy('audit_events.id', direction);
      return (page ? trail.limit(page.limit).offset(page.offset) : trail).execute();
    },

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

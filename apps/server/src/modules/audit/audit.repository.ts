import { sql, type Database, type Kysely, type Transaction } from '@medida/db';
import type { AuditTargetKind } from '../../lib/audit-route.ts';
import { appendManyItem, type AuditEventFields } from './audit-batch-item.ts';
import { canonicalAround } from './audit-chain.ts';
import { CHECKPOINT_GENESIS, type CheckpointHead, type CheckpointRow } from './audit-checkpoint.ts';

/** Namespace of the advisory lock that serialises appends to one account's chain (also in migrations 0024 and 0025). */
const CHAIN_LOCK_NAMESPACE = 16_011;
/** Advisory lock (namespace, key) of the checkpoint writer: one instance writes at a time (decision 204). */
const CHECKPOINT_LOCK = [16_012, 0] as const;

/**
 * Appends one event at the end of the chain of the account that owns the object's client, and says whether it
 * did (an object that leads to no client is not client data). One statement (decision 162): the database
 * function `audit_append` (migration 0024; since 0025 a batch of one, decision 170) finds the client and its
 * account, takes the account's chain lock, reads the chain end after it and inserts seq + 1, hashing the canonical
 * text this side encoded. Given a transaction, the event and its lock belong to it (a change and its event stand
 * or fall together); given the database, the statement is its own transaction.
 */
export async function appendAuditEvent(
  db: Kysely<Database> | Transaction<Database>,
  target: { kind: AuditTargetKind; id: number },
  event: AuditEventFields,
): Promise<boolean> {
  const { middle, tail } = canonicalAround(event);
  const { rows } = await sql<{ appended: boolean }>`SELECT audit_append(${target.kind}, ${target.id},
    ${event.occurred_at}, ${event.actor_id}, ${event.actor_type}, ${event.resource_type}, ${event.resource_id},
    ${event.action}, ${event.result}, ${event.request_id}, ${event.ip}, ${middle}, ${tail}) AS appended`.execute(db);
  return rows[0]?.appended === true;
}

/** One event of a batch: what appendAuditEvent takes. */
export interface PendingAuditEvent {
  target: { kind: AuditTargetKind; id: number };
  event: AuditEventFields;
}

/**
 * Appends several events by one statement on its own (decision 170): `audit_append_many` (migration 0025) takes the
 * chain locks of every account involved in account order, then appends each event as appendAuditEvent does, in the
 * order given. Says, in the same order, whether each was written.
 */
export async function appendAuditEvents(db: Kysely<Database>, batch: PendingAuditEvent[]): Promise<boolean[]> {
  const events = batch.map(({ target, event }) => appendManyItem(target, event));
  const { rows } = await sql<{
    written: boolean[];
  }>`SELECT audit_append_many(${JSON.stringify(events)}::jsonb) AS written`.execute(db);
  const written = rows[0]?.written;
  if (!Array.isArray(written)) throw new Error('audit_append_many answered no array');
  return written;
}

/** Takes the chain locks of several accounts in one order, so two transactions that append to the same chains
 * (a hand-over A→B and one B→A) never wait on each other in a circle. */
export async function lockAuditChains(trx: Transaction<Database>, accountIds: number[]) {
  for (const id of [...new Set(accountIds)].sort((a, b) => a - b))
    await sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK_NAMESPACE}, ${id})`.execute(trx);
}

export function createAuditRepository(db: Kysely<Database>) {
  return {
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

    /** Each account's chain end as the appends left it (decision 204). */
    allHeads: () =>
      db.selectFrom('audit_chain_heads').select(['account_id', 'seq', 'hash']).orderBy('account_id').execute(),

    /** The signed checkpoint series, oldest first. */
    allCheckpoints: (): Promise<CheckpointRow[]> =>
      db
        .selectFrom('audit_checkpoints')
        .select(['seq', 'created_at', 'heads', 'prev_signature', 'signature'])
        .orderBy('seq')
        .execute(),

    /**
     * Writes the next checkpoint (decision 204) over the heads changed since the newest one, signed by `sign`,
     * unless nothing changed or the newest is younger than `minAgeMs` (another instance wrote this period). One
     * writer at a time on one database: the transaction holds the checkpoint lock. Says which seq it wrote.
     */
    writeCheckpoint: (
      now: Date,
      minAgeMs: number,
      sign: (checkpoint: Omit<CheckpointRow, 'signature'>) => string,
    ): Promise<number | null> =>
      db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${CHECKPOINT_LOCK[0]}, ${CHECKPOINT_LOCK[1]})`.execute(trx);
        const newest = await trx
          .selectFrom('audit_checkpoints')
          .select(['seq', 'created_at', 'signature'])
          .orderBy('seq', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (newest && now.getTime() - newest.created_at.getTime() < minAgeMs) return null;
        const changed = await trx
          .selectFrom('audit_chain_heads as h')
          .leftJoin('audit_checkpoint_heads as c', 'c.account_id', 'h.account_id')
          .select(['h.account_id', 'h.seq', 'h.hash'])
          .where((eb) =>
            eb.or([
              eb('c.account_id', 'is', null),
              eb('c.seq', '<>', eb.ref('h.seq')),
              eb('c.hash', '<>', eb.ref('h.hash')),
            ]),
          )
          .orderBy('h.account_id')
          .execute();
        if (changed.length === 0) return null;
        const heads = changed.map((h): CheckpointHead => [h.account_id, h.seq, h.hash]);
        const checkpoint = {
          seq: (newest?.seq ?? 0) + 1,
          created_at: now,
          heads,
          prev_signature: newest?.signature ?? CHECKPOINT_GENESIS,
        };
        await trx
          .insertInto('audit_checkpoints')
          .values({ ...checkpoint, heads: JSON.stringify(heads), signature: sign(checkpoint) })
          .execute();
        await trx
          .insertInto('audit_checkpoint_heads')
          .values(changed)
          .onConflict((oc) =>
            oc
              .column('account_id')
              .doUpdateSet((eb) => ({ seq: eb.ref('excluded.seq'), hash: eb.ref('excluded.hash') })),
          )
          .execute();
        return checkpoint.seq;
      }),
  };
}

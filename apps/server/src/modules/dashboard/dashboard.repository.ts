import { USER_TYPE } from '@medida/contracts';
import { sql, type Database, type Kysely } from '@medida/db';
import { parentInActorTree } from '../../lib/account-tree.ts';

/**
 * The dashboard's aggregates over a professional's tree (`rootId` and every professional below it), each
 * one SQL statement (issue 12: computed in the database, not in JavaScript loops). Per-client figures come
 * from client_evaluation_summaries, which a trigger keeps in step with evaluations (decision 110).
 */
export function createDashboardRepository(db: Kysely<Database>) {
  /** Users hanging from the tree (clients and network professionals), with their client summary. */
  const peopleOf = (rootId: number) =>
    db
      .selectFrom('users as c')
      .leftJoin('client_evaluation_summaries as s', 's.client_id', 'c.id')
      .where(parentInActorTree(rootId, 'c.parent_user_id'));

  /** Live clients of the tree. */
  const clientsOf = (rootId: number) =>
    peopleOf(rootId).where('c.type', '=', USER_TYPE.client).where('c.deleted_at', 'is', null);

  /** `cutoff`: a client whose latest evaluation is older (or who has none) is due for a follow-up. */
  const due = (cutoff: string) => sql<boolean>`(s.last_evaluated_on IS NULL OR s.last_evaluated_on < ${cutoff}::date)`;
  const live = sql`c.deleted_at IS NULL`;
  const isClient = sql`c.type = ${sql.lit(USER_TYPE.client)}`;
  const isProfessional = sql`c.type = ${sql.lit(USER_TYPE.professional)}`;

  return {
    findActor: (id: number) =>
      db
        .selectFrom('users')
        .select(['id', 'type', 'creditos', 'follow_up_weeks', 'dashboard_cards'])
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    /** Stored as `{ cards: [...] }` (decision 110): an empty list is a choice too (nothing shown). */
    saveSettings: (userId: number, s: { cards: readonly string[]; followUpWeeks: number }) =>
      db
        .updateTable('users')
        .set({ dashboard_cards: JSON.stringify({ cards: s.cards }), follow_up_weeks: s.followUpWeeks })
        .where('id', '=', userId)
        .execute(),

    /** One pass over the tree's users. Evaluations of deleted clients still count, as in the list. */
    async counts(rootId: number, cutoff: string) {
      const row = await peopleOf(rootId)
        .select([
          sql<string>`count(*) FILTER (WHERE ${isClient} AND ${live})`.as('clients'),
          sql<string>`count(*) FILTER (WHERE ${isProfessional} AND ${live})`.as('network'),
          sql<string>`coalesce(sum(s.evaluations) FILTER (WHERE ${isClient}), 0)`.as('evaluations'),
          sql<string>`count(*) FILTER (WHERE ${isClient} AND ${live} AND ${due(cutoff)})`.as('due'),
        ])
        .executeTakeFirstOrThrow();
      return {
        clients: Number(row.clients),
        network: Number(row.network),
        evaluations_total: Number(row.evaluations),
        due: Number(row.due),
      };
    },

    /**
     * Evaluations per ISO week (Monday) from `from` on, by evaluation date (weeks without any are absent),
     * each row also carrying the tree's total since `monthStart` (within the same range).
     */
    weekly: (rootId: number, from: string, monthStart: string) =>
      db
        .selectFrom('evaluations as e')
        .select([
          // Monday of the ISO week, as a date (date arithmetic: cheaper per row than date_trunc and to_char).
          sql<string>`e.evaluated_on - (extract(isodow FROM e.evaluated_on)::integer - 1)`.as('week_start'),
          sql<string>`count(*)`.as('count'),
          sql<string>`sum(count(*) FILTER (WHERE e.evaluated_on >= ${monthStart}::date)) OVER ()`.as('month'),
        ])
        .where('e.deleted_at', 'is', null)
        .where('e.evaluated_on', '>=', from)
        .where('e.client_id', 'in', (eb) =>
          eb.selectFrom('users as c').select('c.id').where(parentInActorTree(rootId, 'c.parent_user_id')),
        )
        .groupBy(sql`1`)
        .execute(),

    latest: (rootId: number, limit: number) =>
      db
        .selectFrom('evaluations as e')
        .innerJoin('users as c', 'c.id', 'e.client_id')
        .select([
          'e.id',
          'e.evaluated_on',
          'e.created_at',
          'e.evaluation_type',
          'c.id as client_id',
          'c.nombre',
          'c.apellido',
        ])
        .where('e.deleted_at', 'is', null)
        .where(parentInActorTree(rootId, 'c.parent_user_id'))
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(limit)
        .execute(),

    /** Due clients, longest without an evaluation first (never evaluated first of all). */
    followUp: (rootId: number, cutoff: string, limit: number) =>
      clientsOf(rootId)
        .select([
          'c.id',
          'c.nombre',
          'c.apellido',
          'c.email',
          'c.rut',
          'c.nacimiento',
          'c.sexo',
          's.last_evaluated_on as last_fecha',
        ])
        .where(due(cutoff))
        .orderBy(sql`s.last_evaluated_on ASC NULLS FIRST`)
        .orderBy('c.apellido')
        .orderBy('c.nombre')
        .orderBy('c.id')
        .limit(limit)
        .execute(),

    /** Clients whose latest evaluation has body fat % or waist above the previous one's, latest first. */
    wrongWay: (rootId: number, limit: number) =>
      clientsOf(rootId)
        .select([
          'c.id',
          'c.nombre',
          'c.apellido',
          's.last_evaluation_id as evaluation_id',
          's.last_evaluated_on as fecha',
          's.previous_evaluated_on as previous_fecha',
          's.body_fat_previous as fat_from',
          's.body_fat_last as fat_to',
          's.waist_previous as waist_from',
          's.waist_last as waist_to',
        ])
        .where(sql<boolean>`(s.body_fat_last > s.body_fat_previous OR s.waist_last > s.waist_previous)`)
        .orderBy('s.last_evaluated_on', 'desc')
        .orderBy('s.last_evaluation_id', 'desc')
        .limit(limit)
        .execute(),

    /** The account's latest ledger entries, either side, with the other account's name. */
    creditMovements: (userId: number, limit: number) =>
      db
        .selectFrom('credit_ledger as l')
        .leftJoin('users as cp', (j) =>
          j.on(
            'cp.id',
            '=',
            sql<number>`CASE WHEN l.from_user_id = ${userId} THEN l.to_user_id ELSE l.from_user_id END`,
          ),
        )
        .select([
          'l.id',
          'l.created_at',
          'l.amount',
          'l.from_user_id',
          'l.to_user_id',
          'l.evaluation_id',
          'cp.id as cp_id',
          'cp.nombre as cp_nombre',
          'cp.apellido as cp_apellido',
        ])
        .where((eb) => eb.or([eb('l.from_user_id', '=', userId), eb('l.to_user_id', '=', userId)]))
        .orderBy('l.id', 'desc')
        .limit(limit)
        .execute(),
  };
}

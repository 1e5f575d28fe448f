import { USER_TYPE } from '@medida/contracts';
import { sql, type Database, type Kysely, type Transaction } from '@medida/db';
import { operatorEventHash } from './operator-chain.ts';

/** Namespace of the operators' chain lock (pg_advisory_xact_lock): appends take turns. */
const CHAIN_LOCK = 16036;

/**
 * The console's reads of accounts (users, evaluations, sessions: one statement per page, see "Table owners") and
 * the operators' hash-chained events (operator_events, owned here). Never a column of a client's health data.
 */
export function createOperatorRepository(db: Kysely<Database> | Transaction<Database>) {
  /** Account roots (top-level professionals, operators aside) with their counts. */
  const accounts = (monthStart: Date) =>
    db
      .selectFrom('users as a')
      .where('a.parent_user_id', 'is', null)
      .where('a.operator', '=', false)
      .where('a.deleted_at', 'is', null)
      .whereRef('a.account_root_id', '=', 'a.id')
      .select([
        'a.id',
        'a.nombre',
        'a.apellido',
        'a.email',
        'a.lang',
        'a.creditos',
        'a.suspended_at',
        'a.created_at',
        sql<number>`(SELECT count(*) FROM users u WHERE u.account_root_id = a.id AND u.deleted_at IS NULL)::integer`.as(
          'users',
        ),
        sql<number>`(SELECT count(*) FROM evaluations e WHERE e.account_root_id = a.id AND e.deleted_at IS NULL
          AND e.created_at >= ${monthStart})::integer`.as('evaluations_this_month'),
        sql<Date | null>`(SELECT max(s.created_at) FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE u.account_root_id = a.id)`.as('last_sign_in_at'),
      ]);

  /** Name or e-mail contains every word of `q` (case-insensitive): LIKE patterns, the wildcards escaped. */
  const search = (q: string | undefined) => {
    const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
    return words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  };

  return {
    accountsPage: async (p: { q?: string | undefined; monthStart: Date; limit: number; offset: number }) => {
      let rows = accounts(p.monthStart);
      let count = db
        .selectFrom('users as a')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('a.parent_user_id', 'is', null)
        .where('a.operator', '=', false)
        .where('a.deleted_at', 'is', null)
        .whereRef('a.account_root_id', '=', 'a.id');
      for (const pattern of search(p.q)) {
        const hit = sql<boolean>`lower(a.nombre || ' ' || a.apellido || ' ' || a.email) LIKE ${pattern}`;
        rows = rows.where(hit);
        count = count.where(hit);
      }
      const [list, total] = await Promise.all([
        rows.orderBy('a.id', 'desc').limit(p.limit).offset(p.offset).execute(),
        count.executeTakeFirstOrThrow(),
      ]);
      return { rows: list, total: Number(total.n) };
    },

    findAccount: (id: number, monthStart: Date) => accounts(monthStart).where('a.id', '=', id).executeTakeFirst(),

    /** The account's live professionals: names, balances and last sign-in; nothing of its clients. */
    accountUsers: (accountId: number) =>
      db
        .selectFrom('users as u')
        .select([
          'u.id',
          'u.nombre',
          'u.apellido',
          'u.email',
          'u.type',
          'u.creditos',
          sql<Date | null>`(SELECT max(s.created_at) FROM sessions s WHERE s.user_id = u.id)`.as('last_sign_in_at'),
        ])
        .where('u.account_root_id', '=', accountId)
        // Professionals only: a client's name or address is its professional's business, not the operator's.
        .where('u.type', '=', USER_TYPE.professional)
        .where('u.deleted_at', 'is', null)
        .orderBy('u.type')
        .orderBy('u.id')
        .limit(200)
        .execute(),

    /** Appends one operator action to the chain, inside the action's transaction (its lock is held to the commit). */
    appendEvent: async (e: {
      operatorId: number;
      action: string;
      accountId: number | null;
      requestId: number | null;
      credits: number | null;
      note: string | null;
      now: Date;
    }) => {
      await sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(db);
      const last = await db
        .selectFrom('operator_events')
        .select(['seq', 'hash'])
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      const row = {
        seq: (last?.seq ?? 0) + 1,
        occurred_at: e.now,
        operator_id: e.operatorId,
        action: e.action,
        account_id: e.accountId,
        request_id: e.requestId,
        credits: e.credits,
        note: e.note,
        prev_hash: last?.hash ?? '0'.repeat(64),
      };
      await db
        .insertInto('operator_events')
        .values({ ...row, hash: operatorEventHash(row) })
        .execute();
    },

    /** A page of the chain, newest first, with each operator's e-mail (users: one statement per page). */
    eventsPage: async (p: { accountId?: number | undefined; limit: number; offset: number }) => {
      let rows = db
        .selectFrom('operator_events as e')
        .leftJoin('users as o', 'o.id', 'e.operator_id')
        .select([
          'e.seq',
          'e.occurred_at',
          'e.action',
          'e.account_id',
          'e.request_id',
          'e.credits',
          'e.note',
          'o.email as operator_email',
        ]);
      let count = db.selectFrom('operator_events as e').select((eb) => eb.fn.countAll<number>().as('n'));
      if (p.accountId !== undefined) {
        rows = rows.where('e.account_id', '=', p.accountId);
        count = count.where('e.account_id', '=', p.accountId);
      }
      const [list, total] = await Promise.all([
        rows.orderBy('e.seq', 'desc').limit(p.limit).offset(p.offset).execute(),
        count.executeTakeFirstOrThrow(),
      ]);
      return { rows: list, total: Number(total.n) };
    },

    /** The whole chain, oldest first (its verification). */
    allEvents: () => db.selectFrom('operator_events').selectAll().orderBy('seq').execute(),
  };
}

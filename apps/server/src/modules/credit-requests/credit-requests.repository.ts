import type { Database, Kysely, Transaction } from '@medida/db';

type State = 'requested' | 'granted' | 'declined';

/** Credit requests (decision 229): a top-level professional's ask, decided once by an operator. */
export function createCreditRequestsRepository(db: Kysely<Database> | Transaction<Database>) {
  /** A request with its account's and requester's names (users: the console's list in one statement). */
  const withAccount = () =>
    db
      .selectFrom('credit_requests as r')
      .innerJoin('users as account', 'account.id', 'r.account_id')
      .innerJoin('users as requester', 'requester.id', 'r.requester_id')
      .select([
        'r.id',
        'r.credits',
        'r.price',
        'r.currency',
        'r.note',
        'r.state',
        'r.created_at',
        'r.decided_at',
        'r.decision_note',
        'r.account_id',
        'r.requester_id',
        'account.nombre as account_nombre',
        'account.apellido as account_apellido',
        'account.email as account_email',
        'requester.email as requester_email',
        'requester.nombre as requester_nombre',
        'requester.lang as requester_lang',
      ]);

  return {
    insert: (r: {
      requesterId: number;
      accountId: number;
      credits: number;
      price: number | null;
      currency: string | null;
      note: string | null;
      now: Date;
    }) =>
      db
        .insertInto('credit_requests')
        .values({
          requester_id: r.requesterId,
          account_id: r.accountId,
          credits: r.credits,
          price: r.price,
          currency: r.currency,
          note: r.note,
          created_at: r.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** The account's requests, newest first. */
    listForAccount: (accountId: number, limit: number) =>
      db
        .selectFrom('credit_requests')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    countOpenForAccount: async (accountId: number) =>
      Number(
        (
          await db
            .selectFrom('credit_requests')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('account_id', '=', accountId)
            .where('state', '=', 'requested')
            .executeTakeFirstOrThrow()
        ).n,
      ),

    findWithAccount: (id: number) => withAccount().where('r.id', '=', id).executeTakeFirst(),

    /** A page of every account's requests (or one state's), newest first, and how many there are. */
    page: async (p: { state?: State; accountId?: number; limit: number; offset: number }) => {
      let rows = withAccount();
      let count = db.selectFrom('credit_requests as r').select((eb) => eb.fn.countAll<number>().as('n'));
      if (p.state) {
        rows = rows.where('r.state', '=', p.state);
        count = count.where('r.state', '=', p.state);
      }
      if (p.accountId !== undefined) {
        rows = rows.where('r.account_id', '=', p.accountId);
        count = count.where('r.account_id', '=', p.accountId);
      }
      const [list, total] = await Promise.all([
        rows.orderBy('r.id', 'desc').limit(p.limit).offset(p.offset).execute(),
        count.executeTakeFirstOrThrow(),
      ]);
      return { rows: list, total: Number(total.n) };
    },

    /**
     * Decides a request that is still 'requested', in one statement: of two operators deciding it at once, the second
     * finds it decided and changes nothing (undefined). Inside the caller's transaction, with the grant's ledger entry.
     */
    decide: (d: { id: number; state: 'granted' | 'declined'; operatorId: number; note: string | null; now: Date }) =>
      db
        .updateTable('credit_requests')
        .set({ state: d.state, decided_by: d.operatorId, decided_at: d.now, decision_note: d.note })
        .where('id', '=', d.id)
        .where('state', '=', 'requested')
        .returningAll()
        .executeTakeFirst(),
  };
}

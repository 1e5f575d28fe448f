import { sql, type Database, type Kysely, type Transaction } from '@medida/db';

export function createCreditsRepository(trx: Kysely<Database> | Transaction<Database>) {
  return {
    findBalance: async (userId: number) =>
      (
        await trx
          .selectFrom('users')
          .select('creditos')
          .where('id', '=', userId)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
      )?.creditos,

    /**
     * Locks both accounts in id order (every transfer takes locks in the same order, so two
     * opposite transfers cannot deadlock) and reads their balances after the lock.
     */
    lockPair: (a: number, b: number) =>
      trx
        .selectFrom('users')
        .select(['id', 'parent_user_id', 'creditos', 'deleted_at'])
        .where('id', 'in', [a, b])
        .orderBy('id')
        .forUpdate()
        .execute(),

    /** The debit also checks the balance, so a bug above can never drive it negative (with the CHECK). */
    debit: async (userId: number, amount: number) => {
      const r = await trx
        .updateTable('users')
        .set((eb) => ({ creditos: eb('creditos', '-', amount) }))
        .where('id', '=', userId)
        .where('creditos', '>=', amount)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    credit: (userId: number, amount: number) =>
      trx
        .updateTable('users')
        .set((eb) => ({ creditos: eb('creditos', '+', amount) }))
        .where('id', '=', userId)
        .execute(),

    findActiveIdByEmail: async (email: string) =>
      (
        await trx
          .selectFrom('users')
          .select('id')
          .where(sql`lower(email)`, '=', email.trim().toLowerCase())
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
      )?.id,

    /**
     * A transfer (toUserId), an evaluation's charge (evaluationId, the credits are spent) or a grant
     * (no fromUserId: credits entering the system, with a note saying why).
     */
    insertEntry: (e: {
      actorId: number | null;
      fromUserId: number | null;
      toUserId: number | null;
      evaluationId?: number;
      amount: number;
      note?: string;
      now: Date;
    }) =>
      trx
        .insertInto('credit_ledger')
        .values({
          actor_id: e.actorId,
          from_user_id: e.fromUserId,
          to_user_id: e.toUserId,
          evaluation_id: e.evaluationId ?? null,
          note: e.note ?? null,
          amount: e.amount,
          created_at: e.now,
        })
        .execute(),
  };
}

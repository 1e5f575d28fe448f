import { type Database, type Kysely, type Transaction } from '@medida/db';

export function createCreditsRepository(trx: Kysely<Database> | Transaction<Database>) {
  return {
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

    /** A transfer (toUserId) or an evaluation's charge (evaluationId, the credits are spent). */
    insertEntry: (e: {
      actorId: number;
      fromUserId: number;
      toUserId: number | null;
      evaluationId?: number;
      amount: number;
      now: Date;
    }) =>
      trx
        .insertInto('credit_ledger')
        .values({
          actor_id: e.actorId,
          from_user_id: e.fromUserId,
          to_user_id: e.toUserId,
          evaluation_id: e.evaluationId ?? null,
          amount: e.amount,
          created_at: e.now,
        })
        .execute(),
  };
}

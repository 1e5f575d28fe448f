import { sql, type Database, type Kysely, type Transaction } from '@medida/db';

/** The credit ledger (immutable entries); balances are `users.creditos`, through the people module's user records. */
export function createCreditsRepository(trx: Kysely<Database> | Transaction<Database>) {
  return {
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

    /**
     * An evaluation's charge in one statement: the debit, which also checks the balance (with the CHECK, a bug above
     * can never drive it negative) and locks the payer's row, and its ledger entry. The new balance, or undefined
     * when the balance was short (nothing written).
     */
    chargeEvaluation: async (c: {
      actorId: number;
      userId: number;
      evaluationId: number;
      amount: number;
      now: Date;
    }) => {
      const { rows } = await sql<{ creditos: number }>`WITH debited AS (
          UPDATE users SET creditos = creditos - ${c.amount}
            WHERE id = ${c.userId} AND creditos >= ${c.amount} RETURNING id, creditos
        ), entry AS (
          INSERT INTO credit_ledger (actor_id, from_user_id, to_user_id, evaluation_id, amount, created_at)
            SELECT ${c.actorId}, id, NULL, ${c.evaluationId}, ${c.amount}, ${c.now} FROM debited
        )
        SELECT creditos FROM debited`.execute(trx);
      return rows[0]?.creditos;
    },
  };
}

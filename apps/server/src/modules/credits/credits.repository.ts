import type { Database, Kysely, Transaction } from '@medida/db';

/** One movement of credits as the ledger records it. */
export interface LedgerEntry {
  actorId: number | null;
  fromUserId: number | null;
  toUserId: number | null;
  evaluationId?: number;
  amount: number;
  note?: string;
  now: Date;
}

/** The credit ledger (immutable entries); balances are `users.creditos`, through the people module's user records. */
export function createCreditsRepository(trx: Kysely<Database> | Transaction<Database>) {
  return {
    /**
     * Entries in one statement (a transaction's commit tail may carry several, decision 240): each a transfer
     * (toUserId), an evaluation's charge (evaluationId, the credits are spent) or a grant (no fromUserId: credits
     * entering the system, with a note saying why).
     */
    insertEntries: (entries: LedgerEntry[]) =>
      trx
        .insertInto('credit_ledger')
        .values(
          entries.map((e) => ({
            actor_id: e.actorId,
            from_user_id: e.fromUserId,
            to_user_id: e.toUserId,
            evaluation_id: e.evaluationId ?? null,
            note: e.note ?? null,
            amount: e.amount,
            created_at: e.now,
          })),
        )
        .execute(),

    /** The newest entries that moved a user's credits (the operator's console: metadata, never what was evaluated). */
    listForUser: (userId: number, limit: number) =>
      trx
        .selectFrom('credit_ledger')
        .select(['id', 'created_at', 'amount', 'from_user_id', 'to_user_id', 'evaluation_id', 'note'])
        .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
  };
}

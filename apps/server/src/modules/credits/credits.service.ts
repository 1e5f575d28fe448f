import { ErrorCode } from '@medida/contracts';
import type { Database, Kysely, Transaction } from '@medida/db';
import { AppError, fieldError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { atCommit, type TailWriter } from '../../lib/commit-tail.ts';
import { batchedMany, keyedBatches, type BatchLimits } from '../../lib/batched.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { createCreditsRepository, type LedgerEntry } from './credits.repository.ts';

const insufficientCredits = () => new AppError(409, ErrorCode.conflict, 'errors.insufficientCredits');

/** A transaction's ledger entries in one statement, at its commit when it has a commit tail (decision 240). */
const writeEntries: TailWriter<LedgerEntry> = (trx, entries) => createCreditsRepository(trx).insertEntries(entries);
const recordEntry = (trx: Transaction<Database>, entry: LedgerEntry) => atCommit(trx, writeEntries, entry);

/** Moves `amount` (> 0) between two locked accounts (one statement) and records the ledger entry. */
async function move(
  trx: Transaction<Database>,
  e: { actorId: number; fromUserId: number; toUserId: number; amount: number; now: Date },
) {
  if (!(await createUserRecordsService(trx).transfer(e.fromUserId, e.toUserId, e.amount))) throw insufficientCredits();
  await recordEntry(trx, e);
}

/** As a writer's grouped transactions (decision 233): one statement on its way per parent, up to 25 moves in it. */
const MOVE_LIMITS: BatchLimits = { inFlight: 1, batch: 25 };

/** The note of the sign-up allowance's ledger entry (the dashboard names it "welcome credits"). */
export const SIGNUP_GRANT_NOTE = 'signup';

/**
 * Credits move only between a parent account and its direct children (decision 052), only inside
 * one transaction, and every movement is a ledger entry (architecture §Conventions 9).
 */
export function createCreditsService(deps: { db: Kysely<Database>; clock: Clock }) {
  // One parent's balance changes of the moment go as one statement: one round trip, one commit (decision 261).
  const movesOf = keyedBatches((parentId: number) =>
    batchedMany(
      (moves: Array<{ childId: number; target: number }>) =>
        createUserRecordsService(deps.db).setChildBalances(parentId, moves, deps.clock.now()),
      MOVE_LIMITS,
    ),
  );

  /**
   * Credits entering the system (decision 130): the sign-up allowance and the operator's grants.
   * Inside the caller's transaction; a ledger entry with no giver, its note and the granting operator (`actorId`, the
   * console's grants; none for the sign-up allowance and the CLI).
   */
  async function grantInTransaction(
    trx: Transaction<Database>,
    g: { userId: number; amount: number; note: string; actorId?: number },
  ) {
    const users = createUserRecordsService(trx);
    await users.lockPair(g.userId, g.userId);
    await users.credit(g.userId, g.amount);
    await recordEntry(trx, {
      actorId: g.actorId ?? null,
      fromUserId: null,
      toUserId: g.userId,
      amount: g.amount,
      note: g.note,
      now: deps.clock.now(),
    });
  }

  return {
    /**
     * POST /web/cambiacreditosnew: sets `userId`'s balance to `creditos`. Raising it takes the
     * difference from the acting parent; lowering it gives the difference back.
     */
    async setBalance(a: { actorId: number; claimedActorId: number; userId: number; creditos: number }) {
      if (a.claimedActorId !== a.actorId) throw forbidden();
      if (a.userId === a.actorId) throw notFound();
      const { rows, moved } = await movesOf(a.actorId, { childId: a.userId, target: a.creditos });
      const parent = rows.find((r) => r.id === a.actorId);
      const child = rows.find((r) => r.id === a.userId);
      if (!parent || parent.deleted_at || !child || child.deleted_at || child.parent_user_id !== a.actorId)
        throw notFound();
      const diff = a.creditos - child.creditos;
      if (diff === 0) throw fieldError('creditos', 'validation.creditsUnchanged');
      if (!moved) throw insufficientCredits();
      return { creditos: a.creditos, parent_creditos: parent.creditos - diff };
    },

    /**
     * Inside the caller's transaction: spends `amount` of `userId`'s credits on an evaluation (decision 070) and
     * returns the new balance; too few credits throws 409 and the caller's transaction rolls back, so nothing is
     * created. The debit is a plain UPDATE (FOR NO KEY UPDATE), which does not wait on the KEY SHARE lock the
     * evaluation's insert took on the same row, so it may come last (decision 219); a FOR UPDATE here would deadlock
     * two such transactions.
     */
    async chargeInTransaction(
      trx: Transaction<Database>,
      a: { actorId: number; userId: number; amount: number; evaluationId: number },
    ) {
      // The debit checks the balance and locks the payer's row for the rest of the transaction.
      const balance = await createUserRecordsService(trx).debit(a.userId, a.amount);
      if (balance === undefined) throw new AppError(409, ErrorCode.conflict, 'errors.insufficientCreditsEvaluation');
      await recordEntry(trx, {
        actorId: a.actorId,
        fromUserId: a.userId,
        toUserId: null,
        evaluationId: a.evaluationId,
        amount: a.amount,
        now: deps.clock.now(),
      });
      return balance;
    },

    /** GET /web/creditos: the actor's balance and the price of a new evaluation. */
    /** The balance, the cost, and whom to ask for more: the parent account, or the operator for a top-level one. */
    async summary(actorId: number, evaluationCost: number, supportEmail: string) {
      const users = createUserRecordsService(deps.db);
      const creditos = await users.findBalance(actorId);
      if (creditos === undefined) throw notFound();
      const parentId = await users.parentOf(actorId);
      const parent = parentId === null ? undefined : await users.findProfessionalContact(parentId);
      const ask = parent
        ? { kind: 'parent' as const, name: `${parent.nombre} ${parent.apellido}`.trim(), email: parent.email }
        : { kind: 'operator' as const, email: supportEmail };
      return { creditos, evaluation_cost: evaluationCost, ask };
    },

    grantInTransaction,

    /** The newest 50 ledger entries of a user, signed from its side (the operator's console, decision 229). */
    async ledgerOf(userId: number) {
      const rows = await createCreditsRepository(deps.db).listForUser(userId, 50);
      return rows.map((r) => ({
        id: r.id,
        created_at: r.created_at.toISOString(),
        amount: r.to_user_id === userId ? r.amount : -r.amount,
        kind:
          r.evaluation_id !== null
            ? ('evaluation' as const)
            : r.from_user_id === null
              ? ('grant' as const)
              : ('transfer' as const),
        note: r.note,
      }));
    },

    /** The operator's CLI: grants `amount` to the live account with this e-mail; returns the new balance. */
    async grantByEmail(g: { email: string; amount: number; note: string }) {
      return deps.db.transaction().execute(async (trx) => {
        const users = createUserRecordsService(trx);
        const userId = (await users.findRecipientByEmail(g.email))?.id;
        if (userId === undefined) throw notFound();
        await grantInTransaction(trx, { userId, amount: g.amount, note: g.note });
        return { userId, creditos: (await users.findBalance(userId)) ?? 0 };
      });
    },

    /** Inside a delete: the removed user's whole balance goes back to its parent, as a ledger entry. */
    async returnAllToParentInTransaction(
      trx: Transaction<Database>,
      a: { actorId: number; userId: number; parentId: number },
    ) {
      const rows = await createUserRecordsService(trx).lockPair(a.userId, a.parentId);
      const user = rows.find((r) => r.id === a.userId);
      if (!user || user.creditos === 0) return;
      await move(trx, {
        actorId: a.actorId,
        fromUserId: a.userId,
        toUserId: a.parentId,
        amount: user.creditos,
        now: deps.clock.now(),
      });
    },
  };
}

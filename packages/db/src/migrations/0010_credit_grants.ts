import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Credits that enter the system (decision 130): the sign-up allowance and the
// operator's grants (`npm run credits -- grant`). They come from no account and no acting user, so
// from_user_id and actor_id become nullable, and such an entry must name its receiver and carry a note.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE credit_ledger ADD COLUMN note text`.execute(db);
  await sql`ALTER TABLE credit_ledger ALTER COLUMN from_user_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE credit_ledger ALTER COLUMN actor_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_grant_shape CHECK (
    (from_user_id IS NOT NULL AND actor_id IS NOT NULL)
    OR (from_user_id IS NULL AND to_user_id IS NOT NULL AND note IS NOT NULL AND length(note) > 0)
  )`.execute(db);
}

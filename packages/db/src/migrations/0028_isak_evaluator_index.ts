import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). The dashboard asks for the professional's ISAK precision on every load
// (GET /web/isak/tem, decision 199): a partial index keeps that read to the evaluator's own ISAK profiles
// instead of every evaluation it ever made.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX evaluations_isak_evaluator_idx ON evaluations (evaluator_id, evaluated_on)
    WHERE evaluation_type = 5 AND deleted_at IS NULL`.execute(db);
}

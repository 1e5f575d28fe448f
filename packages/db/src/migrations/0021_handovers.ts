import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 12, decision 117: a professional hands clients and network professionals over
// to another professional of its account. One row per person moved: who moved whom from where to where, so a
// second attempt is told "already handed over" and the move has a history of its own (the audit chain covers
// clients' data; a network professional is not client data).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE handovers (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users (id),
    from_user_id integer NOT NULL REFERENCES users (id),
    to_user_id integer NOT NULL REFERENCES users (id),
    actor_id integer NOT NULL REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT handovers_not_to_self CHECK (from_user_id <> to_user_id)
  )`.execute(db);
  await sql`CREATE INDEX handovers_from_idx ON handovers (from_user_id, user_id)`.execute(db);
}

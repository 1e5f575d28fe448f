import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 15: a professional may type weights and lengths in pounds and inches; the
// choice is the user's, stored on the account. Measurements themselves stay in kg and cm.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN units text NOT NULL DEFAULT 'metric'
    CONSTRAINT users_units_check CHECK (units IN ('metric', 'imperial'))`.execute(db);
}

import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 10 item 13 (decision 015): the login back-off counts the failures of a
// sliding window, one row per failure, instead of a consecutive counter that never decayed. The
// throttle row stays as the lock and carries when the owner was last told about a lockout.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE login_failures (
    account_key text NOT NULL,
    failed_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX login_failures_key_at_idx ON login_failures (account_key, failed_at)`.execute(db);
  await sql`ALTER TABLE login_throttle DROP COLUMN consecutive_failures`.execute(db);
  await sql`ALTER TABLE login_throttle DROP COLUMN last_failure_at`.execute(db);
  await sql`ALTER TABLE login_throttle DROP COLUMN disabled_at`.execute(db);
}

import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). The attachment quota (decision 054) sums the stored bytes of one account tree on
// every upload: `users WHERE account_root_id = $1` joined to attachments by user_id. Without this index
// that is a scan of every user of every account.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX users_account_root_idx ON users (account_root_id)`.execute(db);
}

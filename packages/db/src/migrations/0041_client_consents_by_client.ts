import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 33 item 3, decision 240: a client's consent records are read by the client (every
// new evaluation checks the latest one is not withdrawn), but only the live one had an index (0011's partial unique
// index): the latest-record read scanned the whole table, a cost that grew with every client created.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX client_consents_client_idx ON client_consents (client_id)`.execute(db);
}

import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 34 item 2 (decision 231): an export whose instance dies mid-build is handed over as
// soon as that instance's heartbeat goes stale, not when pg-boss's run expires.
// - chat_instances becomes server_instances: the registry of running instances and their heartbeats (decision 222)
//   is no longer the chat's alone; the exports read it too. chat_sockets keeps its foreign key (it follows the rename).
// - export_jobs.claimed_by: the instance running the build (no foreign key: a swept instance is a dead one), and
//   claimed_at, when that run took it. Progress and the ready mark are written only by the claiming instance.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE chat_instances RENAME TO server_instances`.execute(db);
  await sql`ALTER TABLE export_jobs ADD COLUMN claimed_by uuid, ADD COLUMN claimed_at timestamptz`.execute(db);
  await sql`CREATE INDEX export_jobs_building_idx ON export_jobs (created_at) WHERE status = 'building'`.execute(db);
}

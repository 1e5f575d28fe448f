import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 34 item 2 (decision 224): an export's state lives in the database, not in the
// memory of the instance that accepted it, so any instance answers its progress and serves its ZIP (a blob), and a
// queued job built on any instance resumes it after a crash. `actor` is the starter as the request saw it: the build
// reads with that scope. `storage_key` names the ready ZIP's blob; the row and the blob go when `expires_at` passes.
// `queued_at` is set once its build is queued (after the answer): a row still without it was accepted by an instance
// that died in between, and a starting instance queues it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE export_jobs (
    id uuid PRIMARY KEY,
    owner_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    client_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    actor jsonb NOT NULL,
    status text NOT NULL CHECK (status IN ('building', 'ready', 'failed')),
    done integer NOT NULL DEFAULT 0 CHECK (done >= 0),
    total integer NOT NULL DEFAULT 0 CHECK (total >= 0),
    size_bytes integer CHECK (size_bytes >= 0),
    sha256 text,
    file_name text NOT NULL,
    storage_key uuid,
    expires_at timestamptz,
    queued_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX export_jobs_owner_idx ON export_jobs (owner_id, status)`.execute(db);
  await sql`CREATE INDEX export_jobs_client_idx ON export_jobs (client_id)`.execute(db);
  await sql`CREATE INDEX export_jobs_expires_idx ON export_jobs (expires_at) WHERE expires_at IS NOT NULL`.execute(db);
}

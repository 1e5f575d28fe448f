import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 34 item 1 (decision 221): the files every instance shares when DATABASE_URL is set
// and no S3 store is configured. A blob is a row of `blobs` and its bytes in `blob_chunks`, 1 MiB each, so an upload
// is written as it streams in and no value is larger than a chunk. `state` is 'staged' until the request that
// uploaded it commits (then 'permanent'); `stored_at` is when it reached its state, which the start-up sweep uses to
// spare what another instance is still uploading. The bytes are stored uncompressed (STORAGE EXTERNAL): uploads
// are PDFs and images, already compressed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE blobs (
    storage_key uuid PRIMARY KEY,
    state text NOT NULL CHECK (state IN ('staged', 'permanent')),
    size_bytes integer NOT NULL DEFAULT 0 CHECK (size_bytes >= 0),
    stored_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX blobs_state_stored_at_idx ON blobs (state, stored_at)`.execute(db);
  await sql`CREATE TABLE blob_chunks (
    storage_key uuid NOT NULL REFERENCES blobs (storage_key) ON DELETE CASCADE,
    seq integer NOT NULL CHECK (seq >= 0),
    bytes bytea NOT NULL,
    PRIMARY KEY (storage_key, seq)
  )`.execute(db);
  await sql`ALTER TABLE blob_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db);
}

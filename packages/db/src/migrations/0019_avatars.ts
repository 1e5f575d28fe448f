import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). One profile picture per user (decision 118): the re-encoded blob's key, size and
// hash. `users.img_url` points at `/web/avatars/<storage_key>`; the key is a random UUID, new on every upload.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE avatars (
    user_id integer PRIMARY KEY REFERENCES users (id),
    storage_key uuid NOT NULL UNIQUE,
    size_bytes integer NOT NULL CHECK (size_bytes > 0),
    sha256 text NOT NULL,
    created_at timestamptz NOT NULL
  )`.execute(db);
}

import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 34 item 3 (decision 222): the chat's socket caps hold across server instances.
// - chat_instances: each running instance and its last heartbeat (the app clock). An instance that stops
//   heartbeating (killed) is stale after a few intervals: its sockets stop counting at once, and the next heartbeat
//   of any instance deletes it and them.
// - chat_sockets: one row per open socket, with its user and the SHA-256 of its address; counted, under advisory
//   locks on the user and the address, before a socket is admitted. No foreign key to users: a deleted user's
//   sockets close with its sessions and their rows go with them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE chat_instances (
    id uuid PRIMARY KEY,
    seen_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE TABLE chat_sockets (
    id uuid PRIMARY KEY,
    instance_id uuid NOT NULL REFERENCES chat_instances (id) ON DELETE CASCADE,
    user_id integer NOT NULL,
    address_key text NOT NULL,
    opened_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX chat_sockets_user_idx ON chat_sockets (user_id)`.execute(db);
  await sql`CREATE INDEX chat_sockets_address_idx ON chat_sockets (address_key)`.execute(db);
  await sql`CREATE INDEX chat_sockets_instance_idx ON chat_sockets (instance_id)`.execute(db);
}

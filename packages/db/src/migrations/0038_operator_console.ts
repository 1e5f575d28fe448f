import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 36 (decisions 229, 230): the operator's console and credit requests.
// `users.operator` marks the team's own users, made only by `npm run operator -- create` (never by sign-up); they
// belong to no account tree's business. `users.suspended_at`, on an account's root: its users cannot sign in, its
// data stays. `credit_requests`: a top-level professional asks the operator for credits (a pack's price and currency
// are copied in, so a later price change does not rewrite what was asked); `state` moves once, from 'requested' to
// 'granted' or 'declined', and the grant's ledger entry is written in the same transaction. `operator_events`: the
// operator's actions, one hash chain (each row's hash covers the previous one), appended in the action's transaction.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN operator boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN suspended_at timestamptz`.execute(db);
  await sql`CREATE TABLE credit_requests (
    id serial PRIMARY KEY,
    requester_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    account_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    credits integer NOT NULL CHECK (credits > 0),
    price double precision CHECK (price >= 0),
    currency text,
    note text,
    state text NOT NULL DEFAULT 'requested' CHECK (state IN ('requested', 'granted', 'declined')),
    decided_by integer REFERENCES users (id) ON DELETE SET NULL,
    decided_at timestamptz,
    decision_note text,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((state = 'requested') = (decided_at IS NULL))
  )`.execute(db);
  await sql`CREATE INDEX credit_requests_state_idx ON credit_requests (state, created_at)`.execute(db);
  await sql`CREATE INDEX credit_requests_account_idx ON credit_requests (account_id, created_at)`.execute(db);
  await sql`CREATE TABLE operator_events (
    seq integer PRIMARY KEY,
    occurred_at timestamptz NOT NULL,
    operator_id integer NOT NULL,
    action text NOT NULL,
    account_id integer,
    request_id integer,
    credits integer,
    note text,
    prev_hash text NOT NULL,
    hash text NOT NULL UNIQUE
  )`.execute(db);
  await sql`CREATE INDEX operator_events_account_idx ON operator_events (account_id, seq)`.execute(db);
}

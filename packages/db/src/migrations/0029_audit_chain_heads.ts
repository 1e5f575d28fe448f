import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 32 item 3, decision 204: each account's chain end is anchored outside the rows it
// covers, so a deleted last row (or a whole chain) no longer leaves a shorter chain that verifies.
//  - `audit_chain_heads`: one row per account, the seq and hash of its last event, written by `audit_append_many`
//    in the same statement (and transaction) as the events: one upsert per batch, not per event. The append reads
//    the chain end from here (after the chain lock, as before), so a row deleted at the end and followed by a new
//    event leaves a gap (`missing_row`) instead of a new event at the deleted one's seq; only when an account has
//    no head (a head row deleted by hand) does it fall back to the rows, as before 0029.
//  - `audit_checkpoints`: a signed series (HMAC-SHA256 with a key the database does not hold, decision 201) over the
//    heads that changed since the checkpoint before it and that checkpoint's signature. Append-only, like the events.
//  - `audit_checkpoint_heads`: what the newest checkpoint says of each account, so the writer signs only what
//    changed. A cache the verifier never trusts: it folds the signed checkpoints itself.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE audit_chain_heads (
    account_id integer PRIMARY KEY,
    seq integer NOT NULL CHECK (seq >= 1),
    hash text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`INSERT INTO audit_chain_heads (account_id, seq, hash)
    SELECT DISTINCT ON (account_id) account_id, seq, hash FROM audit_events ORDER BY account_id, seq DESC`.execute(db);

  await sql`CREATE TABLE audit_checkpoints (
    seq integer PRIMARY KEY CHECK (seq >= 1),
    created_at timestamptz NOT NULL,
    heads jsonb NOT NULL,
    prev_signature text NOT NULL,
    signature text NOT NULL
  )`.execute(db);
  await sql`CREATE FUNCTION audit_checkpoints_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit checkpoints are append-only';
    END
  $$`.execute(db);
  await sql`CREATE TRIGGER audit_checkpoints_append_only BEFORE UPDATE OR DELETE ON audit_checkpoints
    FOR EACH ROW EXECUTE FUNCTION audit_checkpoints_append_only()`.execute(db);

  await sql`CREATE TABLE audit_checkpoint_heads (
    account_id integer PRIMARY KEY,
    seq integer NOT NULL,
    hash text NOT NULL
  )`.execute(db);

  // 0025's function with the chain end read from the heads and the heads written after the insert.
  await sql`CREATE OR REPLACE FUNCTION audit_append_many(p_events jsonb) RETURNS boolean[] LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      v_clients integer[];
      v_accounts integer[];
      v_account integer;
      v_event jsonb;
      -- The chain ends this call knows (read after the lock, then its own events): account, seq, hash.
      v_end_accounts integer[] := '{}';
      v_end_seqs integer[] := '{}';
      v_end_hashes text[] := '{}';
      v_end integer;
      v_seq integer;
      v_prev text;
      v_seqs integer[] := '{}';
      v_prevs text[] := '{}';
      v_hashes text[] := '{}';
    BEGIN
      SELECT array_agg(x.client ORDER BY x.ord), array_agg(x.account ORDER BY x.ord) INTO v_clients, v_accounts
        FROM (
          SELECT o.ord, k.client,
              (SELECT c.parent_user_id FROM users c WHERE c.id = k.client AND c.type = 2) AS account
            FROM jsonb_array_elements(p_events) WITH ORDINALITY AS o(event, ord)
            CROSS JOIN LATERAL (SELECT CASE o.event->>'kind'
                WHEN 'client' THEN (o.event->>'id')::integer
                WHEN 'evaluation' THEN (SELECT e.client_id FROM evaluations e WHERE e.id = (o.event->>'id')::integer)
                WHEN 'attachment' THEN (SELECT a.user_id FROM attachments a WHERE a.id = (o.event->>'id')::integer)
              END AS client) k
        ) x;
      FOR v_account IN SELECT DISTINCT a FROM unnest(v_accounts) AS a WHERE a IS NOT NULL ORDER BY 1 LOOP
        PERFORM pg_advisory_xact_lock(16011, v_account);
      END LOOP;
      FOR i IN 1 .. cardinality(v_accounts) LOOP
        v_account := v_accounts[i];
        IF v_account IS NULL THEN -- not client data: nothing to record
          v_seqs := v_seqs || NULL::integer;
          v_prevs := v_prevs || NULL::text;
          v_hashes := v_hashes || NULL::text;
          CONTINUE;
        END IF;
        v_end := array_position(v_end_accounts, v_account);
        IF v_end IS NULL THEN
          -- A statement of its own, so under READ COMMITTED it sees every event committed before the lock was held.
          v_seq := NULL;
          v_prev := NULL;
          SELECT h.seq, h.hash INTO v_seq, v_prev FROM audit_chain_heads h WHERE h.account_id = v_account;
          IF v_seq IS NULL THEN
            SELECT ae.seq, ae.hash INTO v_seq, v_prev FROM audit_events ae
              WHERE ae.account_id = v_account ORDER BY ae.seq DESC LIMIT 1;
          END IF;
          v_end_accounts := v_end_accounts || v_account;
          v_end_seqs := v_end_seqs || coalesce(v_seq, 0);
          v_end_hashes := v_end_hashes || coalesce(v_prev, repeat('0', 64));
          v_end := cardinality(v_end_accounts);
        END IF;
        v_event := p_events -> (i - 1);
        v_seq := v_end_seqs[v_end] + 1;
        v_prev := v_end_hashes[v_end];
        v_seqs := v_seqs || v_seq;
        v_prevs := v_prevs || v_prev;
        v_end_seqs[v_end] := v_seq;
        v_end_hashes[v_end] := encode(sha256(convert_to('["' || v_prev || '",' || v_account || ',' || v_seq || ','
          || (v_event->>'middle') || v_clients[i] || (v_event->>'tail'), 'UTF8')), 'hex');
        v_hashes := v_hashes || v_end_hashes[v_end];
      END LOOP;
      INSERT INTO audit_events (account_id, seq, occurred_at, actor_id, actor_type, client_id, resource_type,
          resource_id, action, result, request_id, ip, prev_hash, hash)
        SELECT w.account, w.seq, (o.event->>'occurred_at')::timestamptz, (o.event->>'actor_id')::integer,
            (o.event->>'actor_type')::smallint, w.client, o.event->>'resource_type', o.event->>'resource_id',
            o.event->>'action', o.event->>'result', o.event->>'request_id', o.event->>'ip', w.prev, w.hash
          FROM jsonb_array_elements(p_events) WITH ORDINALITY AS o(event, ord)
          JOIN unnest(v_accounts, v_clients, v_seqs, v_prevs, v_hashes) WITH ORDINALITY
            AS w(account, client, seq, prev, hash, ord) ON w.ord = o.ord
          WHERE w.account IS NOT NULL
          ORDER BY o.ord;
      -- One upsert for the batch: each account's new chain end.
      IF cardinality(v_end_accounts) > 0 THEN
        INSERT INTO audit_chain_heads AS h (account_id, seq, hash, updated_at)
          SELECT e.account, e.seq, e.hash, now() FROM unnest(v_end_accounts, v_end_seqs, v_end_hashes) AS e(account, seq, hash)
          ON CONFLICT (account_id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash, updated_at = excluded.updated_at;
      END IF;
      RETURN ARRAY(SELECT a IS NOT NULL FROM unnest(v_accounts) WITH ORDINALITY AS t(a, ord) ORDER BY t.ord);
    END
  $$`.execute(db);
}

import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 11, decision 170: the audit events of reads that arrive while an append is on its
// way are appended together, by one statement, `SELECT audit_append_many($1::jsonb)`, in the order given, by the
// rules of 0024 (decision 162): find the object's client and its account, hold the account's chain lock
// (namespace 16011, as lockAuditChains), read the chain end after the lock is held, insert seq + 1 hashing the
// canonical text the server sent around the values only the chain decides.
//  - The batch takes the locks of all its accounts first, in account order (as lockAuditChains does), so two
//    batches, or a batch and a hand-over, never wait on each other in a circle.
//  - Each account's chain end is read once, after its lock; the batch's own later events of that account continue
//    from the ones before them (nobody else can append while the lock is held). The look-ups are one statement and
//    the rows one insert: per event, a statement costs more than its work (decision 170's measurements).
//  - `audit_append` (one event, also inside a write's transaction) becomes a call of the batch with that one event,
//    so the chain's rules are written once.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // p_events: a JSON array of objects with audit_append's arguments (kind, id, occurred_at, actor_id, actor_type,
  // resource_type, resource_id, action, result, request_id, ip, middle, tail). Returns, in the same order, whether
  // each was written (an object that leads to no client is not client data).
  await sql`CREATE FUNCTION audit_append_many(p_events jsonb) RETURNS boolean[] LANGUAGE plpgsql VOLATILE AS $$
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
      -- The client (type 2 with a professional) behind each object, deleted objects too, and its account: one
      -- statement for the batch. Scalar sub-queries keep each look-up an index probe (as a join, the planner
      -- hashed the whole users table).
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
          SELECT ae.seq, ae.hash INTO v_seq, v_prev FROM audit_events ae
            WHERE ae.account_id = v_account ORDER BY ae.seq DESC LIMIT 1;
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
      -- One insert for the batch, in the order given.
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
      RETURN ARRAY(SELECT a IS NOT NULL FROM unnest(v_accounts) WITH ORDINALITY AS t(a, ord) ORDER BY t.ord);
    END
  $$`.execute(db);

  await sql`CREATE OR REPLACE FUNCTION audit_append(
      p_target_kind text, p_target_id integer, p_occurred_at timestamptz, p_actor_id integer, p_actor_type smallint,
      p_resource_type text, p_resource_id text, p_action text, p_result text, p_request_id text, p_ip text,
      p_canonical_middle text, p_canonical_tail text)
    RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      RETURN (audit_append_many(jsonb_build_array(jsonb_build_object('kind', p_target_kind, 'id', p_target_id,
        'occurred_at', p_occurred_at, 'actor_id', p_actor_id, 'actor_type', p_actor_type,
        'resource_type', p_resource_type, 'resource_id', p_resource_id, 'action', p_action, 'result', p_result,
        'request_id', p_request_id, 'ip', p_ip, 'middle', p_canonical_middle, 'tail', p_canonical_tail))))[1];
    END
  $$`.execute(db);
}

import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 11, decision 170: the audit events of reads that arrive while an append is on its
// way are appended together, by one statement, `SELECT audit_append_many($1::jsonb)`, each event exactly as
// `audit_append` (0024) appends it, in the order given. The batch first takes the chain lock of every account it
// touches, in account order (as lockAuditChains does), so two batches, or a batch and a hand-over, never wait on
// each other in a circle. The look-up of an object's client and account is shared by both functions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // The client (type 2 with a professional) behind an audited object, deleted objects too, and its account.
  await sql`CREATE FUNCTION audit_chain_of(p_target_kind text, p_target_id integer,
      OUT client_id integer, OUT account_id integer)
    LANGUAGE sql STABLE AS $$
      SELECT c.id, c.parent_user_id FROM users c
      WHERE c.type = 2 AND c.id = CASE p_target_kind
        WHEN 'client' THEN p_target_id
        WHEN 'evaluation' THEN (SELECT e.client_id FROM evaluations e WHERE e.id = p_target_id)
        WHEN 'attachment' THEN (SELECT a.user_id FROM attachments a WHERE a.id = p_target_id)
      END
    $$`.execute(db);

  await sql`CREATE OR REPLACE FUNCTION audit_append(
      p_target_kind text, p_target_id integer, p_occurred_at timestamptz, p_actor_id integer, p_actor_type smallint,
      p_resource_type text, p_resource_id text, p_action text, p_result text, p_request_id text, p_ip text,
      p_canonical_middle text, p_canonical_tail text)
    RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      v_client integer;
      v_account integer;
      v_seq integer;
      v_prev text;
    BEGIN
      SELECT o.client_id, o.account_id INTO v_client, v_account FROM audit_chain_of(p_target_kind, p_target_id) o;
      IF v_account IS NULL THEN
        RETURN false; -- not client data: nothing to record
      END IF;
      PERFORM pg_advisory_xact_lock(16011, v_account);
      SELECT ae.seq, ae.hash INTO v_seq, v_prev FROM audit_events ae
        WHERE ae.account_id = v_account ORDER BY ae.seq DESC LIMIT 1;
      v_seq := coalesce(v_seq, 0) + 1;
      v_prev := coalesce(v_prev, repeat('0', 64));
      INSERT INTO audit_events (account_id, seq, occurred_at, actor_id, actor_type, client_id, resource_type,
          resource_id, action, result, request_id, ip, prev_hash, hash)
        VALUES (v_account, v_seq, p_occurred_at, p_actor_id, p_actor_type, v_client, p_resource_type, p_resource_id,
          p_action, p_result, p_request_id, p_ip, v_prev,
          encode(sha256(convert_to('["' || v_prev || '",' || v_account || ',' || v_seq || ',' || p_canonical_middle
            || v_client || p_canonical_tail, 'UTF8')), 'hex'));
      RETURN true;
    END
  $$`.execute(db);

  // p_events: a JSON array of objects with audit_append's arguments (kind, id, occurred_at as an ISO instant,
  // actor_id, actor_type, resource_type, resource_id, action, result, request_id, ip, middle, tail). Returns,
  // in the same order, whether each was written.
  await sql`CREATE FUNCTION audit_append_many(p_events jsonb) RETURNS boolean[] LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      v_account integer;
      v_event jsonb;
      v_written boolean[] := '{}';
    BEGIN
      FOR v_account IN
        SELECT DISTINCT o.account_id FROM jsonb_array_elements(p_events) e,
          audit_chain_of(e->>'kind', (e->>'id')::integer) o
        WHERE o.account_id IS NOT NULL ORDER BY 1
      LOOP
        PERFORM pg_advisory_xact_lock(16011, v_account);
      END LOOP;
      FOR v_event IN SELECT t.value FROM jsonb_array_elements(p_events) WITH ORDINALITY AS t(value, ord) ORDER BY t.ord
      LOOP
        v_written := v_written || audit_append(v_event->>'kind', (v_event->>'id')::integer,
          (v_event->>'occurred_at')::timestamptz, (v_event->>'actor_id')::integer, (v_event->>'actor_type')::smallint,
          v_event->>'resource_type', v_event->>'resource_id', v_event->>'action', v_event->>'result',
          v_event->>'request_id', v_event->>'ip', v_event->>'middle', v_event->>'tail');
      END LOOP;
      RETURN v_written;
    END
  $$`.execute(db);
}

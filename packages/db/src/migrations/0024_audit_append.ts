import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 11, decision 162: an audit event is appended by one statement, `SELECT
// audit_append(…)`, instead of BEGIN, the client look-up with the chain lock, the chain end, the insert and COMMIT.
// The function does what the server did, in the same order: find the object's client and its account (decision
// 104), take the account's chain lock (namespace 16011, as lockAuditChains), read the chain end, insert seq + 1.
// PL/pgSQL gives each statement of a volatile function a fresh snapshot, so under READ COMMITTED the chain end is
// read after the lock is held (decision 142's ordering): a plain single statement (a CTE) would read it from a
// snapshot taken before waiting for the lock. The canonical JSON of the hash stays Node's: the server passes the
// text around the four values only the chain decides (`["prev_hash",account,seq,` + middle + client + tail) and the
// function fills in hex and integers, whose text is the same in JSON and SQL. Outside a transaction the statement
// is its own (the lock is released at its end); inside the caller's, the lock is held until that commits.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE FUNCTION audit_append(
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
      -- The client (type 2 with a professional) behind the object, deleted objects too.
      v_client := CASE p_target_kind
        WHEN 'client' THEN p_target_id
        WHEN 'evaluation' THEN (SELECT e.client_id FROM evaluations e WHERE e.id = p_target_id)
        WHEN 'attachment' THEN (SELECT a.user_id FROM attachments a WHERE a.id = p_target_id)
      END;
      SELECT c.parent_user_id INTO v_account FROM users c WHERE c.id = v_client AND c.type = 2;
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
}

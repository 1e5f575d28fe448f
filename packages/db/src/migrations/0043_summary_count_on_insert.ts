import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 33 item 3, decision 253: a new evaluation refreshed its client's summary by counting
// every live evaluation of that client again (0006, 0026), so each create cost more as the client's history grew: at
// 1,800 evaluations of one client the count took 50 ms on PGlite. New evaluations now add to the stored count; the
// latest and the previous evaluation are still read from the client's date index (two rows at most). An update
// (an edit, a deletion, a move) still recounts, as before.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE FUNCTION client_summaries_on_evaluations_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- A client without a summary row (none is missing since 0022; kept for safety) starts from a full count of
      -- what it had before this statement.
      INSERT INTO client_evaluation_summaries (client_id, account_root_id, parent_user_id, live, evaluations)
        SELECT u.id, u.account_root_id, u.parent_user_id, u.type = 2 AND u.deleted_at IS NULL,
          (SELECT count(*) FROM evaluations e WHERE e.client_id = u.id AND e.deleted_at IS NULL
            AND e.id NOT IN (SELECT id FROM changed))::integer
        FROM users u WHERE u.id IN (SELECT client_id FROM changed)
          AND NOT EXISTS (SELECT 1 FROM client_evaluation_summaries s WHERE s.client_id = u.id)
        ON CONFLICT (client_id) DO NOTHING;
      PERFORM 1 FROM client_evaluation_summaries
        WHERE client_id IN (SELECT client_id FROM changed) ORDER BY client_id FOR UPDATE;
      UPDATE client_evaluation_summaries s SET
        evaluations = s.evaluations + c.added,
        last_evaluation_id = l.id,
        last_evaluated_on = l.evaluated_on,
        previous_evaluated_on = p.evaluated_on,
        body_fat_last = l.body_fat_percent,
        body_fat_previous = CASE WHEN p.body_fat_series = l.body_fat_series THEN p.body_fat_percent END,
        waist_last = l.waist_cm,
        waist_previous = p.waist_cm
      FROM (SELECT client_id, (count(*) FILTER (WHERE deleted_at IS NULL))::integer AS added
            FROM changed GROUP BY client_id) c
      LEFT JOIN LATERAL (SELECT e.id, e.evaluated_on, e.body_fat_percent, e.body_fat_series, e.waist_cm FROM evaluations e
        WHERE e.client_id = c.client_id AND e.deleted_at IS NULL
        ORDER BY e.evaluated_on DESC, e.id DESC LIMIT 1) l ON true
      LEFT JOIN LATERAL (SELECT e.evaluated_on, e.body_fat_percent, e.body_fat_series, e.waist_cm FROM evaluations e
        WHERE e.client_id = c.client_id AND e.deleted_at IS NULL AND (e.evaluated_on, e.id) < (l.evaluated_on, l.id)
        ORDER BY e.evaluated_on DESC, e.id DESC LIMIT 1) p ON true
      WHERE s.client_id = c.client_id;
      RETURN NULL;
    END
  $$`.execute(db);
  await sql`DROP TRIGGER evaluations_summary_after_insert ON evaluations`.execute(db);
  await sql`CREATE TRIGGER evaluations_summary_after_insert AFTER INSERT ON evaluations
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION client_summaries_on_evaluations_insert()`.execute(
    db,
  );
}

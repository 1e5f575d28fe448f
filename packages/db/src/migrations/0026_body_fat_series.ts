import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 30 item 10, decision 188: a body-fat % is compared only with one of the same
// method and equation. Each evaluation carries its series (the engine's bodyFatSeries: "<method>:<equation id>"),
// and the summaries keep the previous evaluation's fat % only when it is of the latest's series, as the history
// compares with the evaluation before (waist is measured the same way whatever the method): the dashboard's
// wrong-way card never compares a 2-skinfold with a 4-skinfold figure.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE evaluations ADD COLUMN body_fat_series text`.execute(db);
  // Stored evaluations: the same format from the current version's result (the engine writes it from now on).
  await sql`UPDATE evaluations e SET body_fat_series = e.evaluation_type::text || ':' || (v.results->'body_fat'->'equation'->>'id')
    FROM evaluation_versions v
    WHERE v.evaluation_id = e.id AND v.version = e.current_version AND e.body_fat_percent IS NOT NULL
      AND v.results->'body_fat'->'equation'->>'id' IS NOT NULL`.execute(db);

  // 0022's refresh, the previous fat % only of the same series.
  await sql`CREATE OR REPLACE FUNCTION refresh_client_evaluation_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO client_evaluation_summaries (client_id, account_root_id, parent_user_id, live)
        SELECT u.id, u.account_root_id, u.parent_user_id, u.type = 2 AND u.deleted_at IS NULL
        FROM users u WHERE u.id IN (SELECT client_id FROM changed)
        ON CONFLICT (client_id) DO NOTHING;
      PERFORM 1 FROM client_evaluation_summaries
        WHERE client_id IN (SELECT client_id FROM changed) ORDER BY client_id FOR UPDATE;
      UPDATE client_evaluation_summaries s SET
        evaluations = n.evaluations,
        last_evaluation_id = l.id,
        last_evaluated_on = l.evaluated_on,
        previous_evaluated_on = p.evaluated_on,
        body_fat_last = l.body_fat_percent,
        body_fat_previous = CASE WHEN p.body_fat_series = l.body_fat_series THEN p.body_fat_percent END,
        waist_last = l.waist_cm,
        waist_previous = p.waist_cm
      FROM (SELECT DISTINCT client_id FROM changed) c
      CROSS JOIN LATERAL (SELECT count(*)::integer AS evaluations FROM evaluations e
        WHERE e.client_id = c.client_id AND e.deleted_at IS NULL) n
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
  // Recompute every summary with the new rule (an update of evaluations fires the refresh for their clients).
  await sql`UPDATE evaluations SET body_fat_series = body_fat_series WHERE deleted_at IS NULL`.execute(db);
}

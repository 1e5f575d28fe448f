import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). The professional's home and self-service (issue 12): the current version's
// key figures on the evaluation row (dashboard and analytics aggregate them without reading jsonb),
// dashboard settings on the account, and companies that professionals own (decisions 110–114).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Figures of the current version, written with it (create and edit); null when the method has none.
  await sql`ALTER TABLE evaluations
    ADD COLUMN bmi double precision,
    ADD COLUMN bmi_category text,
    ADD COLUMN body_fat_percent double precision,
    ADD COLUMN fat_category text,
    ADD COLUMN waist_cm double precision`.execute(db);
  await sql`UPDATE evaluations e SET
      bmi = (v.results->'bmi'->>'value')::float8,
      bmi_category = v.results->'bmi'->>'category',
      body_fat_percent = (v.results->'body_fat'->>'percent')::float8,
      fat_category = v.results->'body_fat'->'category'->>'value',
      waist_cm = (v.inputs->>'pcintura')::float8
    FROM evaluation_versions v
    WHERE v.evaluation_id = e.id AND v.version = e.current_version`.execute(db);
  // A client's evaluations by evaluation date: latest and previous (the summaries below).
  await sql`CREATE INDEX evaluations_client_date_idx ON evaluations (client_id, evaluated_on DESC, id DESC) WHERE deleted_at IS NULL`.execute(
    db,
  );
  // Per client: how many live evaluations, the latest and the previous one by evaluation date with their
  // figures. Kept by a statement-level trigger on evaluations (every write path, bulk loads included), so
  // the dashboard reads one row per client instead of walking each client's evaluations (decision 110).
  await sql`CREATE TABLE client_evaluation_summaries (
    client_id integer PRIMARY KEY REFERENCES users (id),
    evaluations integer NOT NULL DEFAULT 0,
    last_evaluation_id integer REFERENCES evaluations (id),
    last_evaluated_on date,
    previous_evaluated_on date,
    body_fat_last double precision,
    body_fat_previous double precision,
    waist_last double precision,
    waist_previous double precision
  )`.execute(db);
  await sql`CREATE FUNCTION refresh_client_evaluation_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- Lock the clients' summary rows first (creating missing ones): concurrent writers for one client
      -- queue here, and the statement below (a new snapshot) sees what the previous writer committed.
      INSERT INTO client_evaluation_summaries (client_id) SELECT DISTINCT client_id FROM changed
        ON CONFLICT (client_id) DO NOTHING;
      PERFORM 1 FROM client_evaluation_summaries
        WHERE client_id IN (SELECT client_id FROM changed) ORDER BY client_id FOR UPDATE;
      UPDATE client_evaluation_summaries s SET
        evaluations = n.evaluations,
        last_evaluation_id = l.id,
        last_evaluated_on = l.evaluated_on,
        previous_evaluated_on = p.evaluated_on,
        body_fat_last = l.body_fat_percent,
        body_fat_previous = p.body_fat_percent,
        waist_last = l.waist_cm,
        waist_previous = p.waist_cm
      FROM (SELECT DISTINCT client_id FROM changed) c
      CROSS JOIN LATERAL (SELECT count(*)::integer AS evaluations FROM evaluations e
        WHERE e.client_id = c.client_id AND e.deleted_at IS NULL) n
      LEFT JOIN LATERAL (SELECT e.id, e.evaluated_on, e.body_fat_percent, e.waist_cm FROM evaluations e
        WHERE e.client_id = c.client_id AND e.deleted_at IS NULL
        ORDER BY e.evaluated_on DESC, e.id DESC LIMIT 1) l ON true
      LEFT JOIN LATERAL (SELECT e.evaluated_on, e.body_fat_percent, e.waist_cm FROM evaluations e
        WHERE e.client_id = c.client_id AND e.deleted_at IS NULL AND (e.evaluated_on, e.id) < (l.evaluated_on, l.id)
        ORDER BY e.evaluated_on DESC, e.id DESC LIMIT 1) p ON true
      WHERE s.client_id = c.client_id;
      RETURN NULL;
    END
  $$`.execute(db);
  await sql`CREATE TRIGGER evaluations_summary_after_insert AFTER INSERT ON evaluations
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refresh_client_evaluation_summaries()`.execute(
    db,
  );
  await sql`CREATE TRIGGER evaluations_summary_after_update AFTER UPDATE ON evaluations
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refresh_client_evaluation_summaries()`.execute(
    db,
  );
  // Existing evaluations: a no-op update fires the trigger once for all of them.
  await sql`UPDATE evaluations SET client_id = client_id`.execute(db);

  // Evaluations by date across a tree (weekly chart, this month, analytics date range).
  await sql`CREATE INDEX evaluations_evaluated_on_idx ON evaluations (evaluated_on) WHERE deleted_at IS NULL`.execute(
    db,
  );

  // Dashboard settings: follow-up interval and the chosen cards in order (null: the default set).
  await sql`ALTER TABLE users
    ADD COLUMN follow_up_weeks smallint NOT NULL DEFAULT 8 CHECK (follow_up_weeks BETWEEN 1 AND 104),
    ADD COLUMN dashboard_cards jsonb`.execute(db);

  // Companies: shared ones (owner_id null: the default 9 and the partners') and each professional's own.
  await sql`ALTER TABLE companies
    ADD COLUMN owner_id integer REFERENCES users (id),
    ADD COLUMN tax_id text,
    ADD COLUMN partner_variant text UNIQUE,
    ADD COLUMN archived_at timestamptz`.execute(db);
  await sql`CREATE INDEX companies_owner_id_idx ON companies (owner_id) WHERE owner_id IS NOT NULL`.execute(db);
  await sql`INSERT INTO companies (name, partner_variant) VALUES
    ('Pacific', 'register-pacific'), ('MCAM', 'register-mcam'), ('Seguridad', 'register-seguridad')`.execute(db);
}

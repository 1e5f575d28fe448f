import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). The dashboard reads its account's rows from indexes that start with the account
// (issue 12, decisions 103 and 110): every client has a summary row carrying its account, its parent and
// whether it is live, so the counts, follow-up and wrong-way cards read client_evaluation_summaries alone,
// without joining every client of the tree; the weekly chart and the credit card walk account- and
// user-leading indexes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // live: the client is not deleted (a deleted client's evaluations still count in the totals, as in the list).
  await sql`ALTER TABLE client_evaluation_summaries
    ADD COLUMN account_root_id integer REFERENCES users (id),
    ADD COLUMN parent_user_id integer REFERENCES users (id),
    ADD COLUMN live boolean NOT NULL DEFAULT false`.execute(db);
  // One row per client, evaluated or not (follow-up lists the never-evaluated first).
  await sql`INSERT INTO client_evaluation_summaries (client_id) SELECT id FROM users WHERE type = 2
    ON CONFLICT (client_id) DO NOTHING`.execute(db);
  await sql`UPDATE client_evaluation_summaries s SET account_root_id = u.account_root_id,
      parent_user_id = u.parent_user_id, live = (u.type = 2 AND u.deleted_at IS NULL)
    FROM users u WHERE u.id = s.client_id`.execute(db);
  await sql`ALTER TABLE client_evaluation_summaries ALTER COLUMN account_root_id SET NOT NULL`.execute(db);

  // New clients get their row with the statement that inserts them (bulk inserts: one statement).
  await sql`CREATE FUNCTION client_summaries_on_users_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO client_evaluation_summaries (client_id, account_root_id, parent_user_id, live)
        SELECT id, account_root_id, parent_user_id, deleted_at IS NULL FROM added WHERE type = 2
        ON CONFLICT (client_id) DO NOTHING;
      RETURN NULL;
    END
  $$`.execute(db);
  await sql`CREATE TRIGGER users_client_summary_after_insert AFTER INSERT ON users
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION client_summaries_on_users_insert()`.execute(db);
  // A client moved to another professional (hand-over, a removed professional's children), deleted or restored.
  await sql`CREATE FUNCTION client_summaries_on_users_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO client_evaluation_summaries (client_id, account_root_id, parent_user_id, live)
        VALUES (NEW.id, NEW.account_root_id, NEW.parent_user_id, NEW.type = 2 AND NEW.deleted_at IS NULL)
        ON CONFLICT (client_id) DO UPDATE SET account_root_id = EXCLUDED.account_root_id,
          parent_user_id = EXCLUDED.parent_user_id, live = EXCLUDED.live;
      RETURN NULL;
    END
  $$`.execute(db);
  await sql`CREATE TRIGGER users_client_summary_after_update
    AFTER UPDATE OF parent_user_id, account_root_id, deleted_at, type ON users FOR EACH ROW
    WHEN ((NEW.type = 2 OR OLD.type = 2) AND (OLD.parent_user_id IS DISTINCT FROM NEW.parent_user_id
      OR OLD.account_root_id IS DISTINCT FROM NEW.account_root_id OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
      OR OLD.type IS DISTINCT FROM NEW.type))
    EXECUTE FUNCTION client_summaries_on_users_update()`.execute(db);

  // Migration 0006's refresh, creating a missing row with the client's account (the column is now NOT NULL).
  await sql`CREATE OR REPLACE FUNCTION refresh_client_evaluation_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- Lock the clients' summary rows first (creating missing ones): concurrent writers for one client
      -- queue here, and the statement below (a new snapshot) sees what the previous writer committed.
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

  // Counts (clients, evaluations, due): one index-only pass over the account's summaries.
  await sql`CREATE INDEX client_evaluation_summaries_account_idx ON client_evaluation_summaries (account_root_id)
    INCLUDE (live, last_evaluated_on, evaluations, parent_user_id)`.execute(db);
  // Follow-up: the account's live clients, never evaluated first, then longest without an evaluation.
  await sql`CREATE INDEX client_evaluation_summaries_follow_up_idx ON client_evaluation_summaries
    (account_root_id, last_evaluated_on NULLS FIRST) WHERE live`.execute(db);
  // Wrong way: only the clients whose latest evaluation moved up, newest first.
  await sql`CREATE INDEX client_evaluation_summaries_wrong_way_idx ON client_evaluation_summaries
    (account_root_id, last_evaluated_on DESC, last_evaluation_id DESC)
    WHERE live AND (body_fat_last > body_fat_previous OR waist_last > waist_previous)`.execute(db);
  // Weekly chart and this month: the account's evaluations by date (the client for a sub-tree's filter).
  await sql`CREATE INDEX evaluations_account_date_idx ON evaluations (account_root_id, evaluated_on)
    INCLUDE (client_id) WHERE deleted_at IS NULL`.execute(db);
  // Credit card: an account's latest entries either side without sorting all of them (one charge per evaluation).
  await sql`CREATE INDEX credit_ledger_from_latest_idx ON credit_ledger (from_user_id, id DESC)`.execute(db);
  await sql`CREATE INDEX credit_ledger_to_latest_idx ON credit_ledger (to_user_id, id DESC)`.execute(db);
  await sql`DROP INDEX credit_ledger_from_user_id_idx`.execute(db);
  await sql`DROP INDEX credit_ledger_to_user_id_idx`.execute(db);
}

import { sql, type Kysely } from 'kysely';

// Forward-only (see 0001). Issue 11, decision 160: every account has a data version that any write to what
// a cached read route can show raises, in the writer's own transaction. The auth hook's session statement
// returns the actor's account version, so a server's response cache (keyed by it) never serves an answer
// older than the last committed write, whichever server instance wrote it.
//
// Statement-level triggers with transition tables: a bulk insert (the bench seeds 100,000 evaluations in a
// few statements) bumps each account once per statement, not once per row. An update bumps the accounts of
// the old and the new rows. The bump upserts the account's row, so writers of one account queue on it until
// they commit: versions follow commit order, and a reader that sees version n sees every write before it.

/** Tables whose rows the cached routes show, and how a row names its account (decision 160 lists the routes). */
const TRACKED: Array<{ table: string; account: (rows: string) => string }> = [
  // Clients, professionals and the actor itself: names, profile, credits, parent (hand-over), avatar URL,
  // dashboard settings, deletion.
  { table: 'users', account: (rows) => `SELECT account_root_id FROM ${rows}` },
  { table: 'evaluations', account: (rows) => `SELECT account_root_id FROM ${rows}` },
  {
    table: 'evaluation_versions',
    account: (rows) => `SELECT e.account_root_id FROM evaluations e WHERE e.id IN (SELECT evaluation_id FROM ${rows})`,
  },
  {
    table: 'evaluation_emails',
    account: (rows) => `SELECT e.account_root_id FROM evaluations e WHERE e.id IN (SELECT evaluation_id FROM ${rows})`,
  },
  // An account's own companies (owner_id is the account root, decision 112); the shared ones (owner null)
  // change only in migrations.
  { table: 'companies', account: (rows) => `SELECT owner_id FROM ${rows}` },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE account_data_versions (
    account_root_id integer PRIMARY KEY,
    version bigint NOT NULL
  )`.execute(db);

  // In account order, so two statements bumping the same accounts cannot wait on each other in a cycle.
  await sql`CREATE FUNCTION bump_account_data_versions(accounts integer[]) RETURNS void LANGUAGE sql AS $$
    INSERT INTO account_data_versions AS v (account_root_id, version)
      SELECT DISTINCT a, 1 FROM unnest(accounts) AS a WHERE a IS NOT NULL ORDER BY 1
      ON CONFLICT (account_root_id) DO UPDATE SET version = v.version + 1
  $$`.execute(db);

  for (const { table, account } of TRACKED) {
    const fn = `account_data_changed_${table}`;
    await sql
      .raw(
        `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            PERFORM bump_account_data_versions(ARRAY(${account('new_rows')}));
          ELSIF TG_OP = 'DELETE' THEN
            PERFORM bump_account_data_versions(ARRAY(${account('old_rows')}));
          ELSE
            PERFORM bump_account_data_versions(ARRAY(${account('old_rows')} UNION ${account('new_rows')}));
          END IF;
          RETURN NULL;
        END
      $$`,
      )
      .execute(db);
    // Transition tables allow one event per trigger.
    await sql
      .raw(
        `CREATE TRIGGER ${table}_data_version_insert AFTER INSERT ON ${table}
          REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_data_version_update AFTER UPDATE ON ${table}
          REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_data_version_delete AFTER DELETE ON ${table}
          REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      )
      .execute(db);
  }
}

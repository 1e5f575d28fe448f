import { sql, type Kysely } from 'kysely';
// Forward-only (see 0001). Issue 33 item 3, decision 219: an account's data version (0023) is raised at COMMIT
// instead of at the first tracked write. The bump locks the account's version row until the transaction ends, so
// writers of one account queued on it from their first tracked statement to their commit: every statement of a
// write, not only its commit, was paid one writer at a time. Deferred constraint triggers fire as the transaction
// commits, so the row is held for the bump and the commit alone. Same guarantees: the bump is still in the writer's
// transaction (a rolled-back write bumps nothing), versions still follow commit order, and a reader that sees version
// n sees every write counted in it. Each account is bumped once per transaction (a transaction-local setting
// remembers which), so a 100,000-row insert still bumps once.
const TRACKED: Array<{ table: string; accounts: (row: 'NEW' | 'OLD') => string }> = [
  { table: 'users', accounts: (row) => `SELECT ${row}.account_root_id` },
  { table: 'evaluations', accounts: (row) => `SELECT ${row}.account_root_id` },
  {
    table: 'evaluation_versions',
    accounts: (row) => `SELECT e.account_root_id FROM evaluations e WHERE e.id = ${row}.evaluation_id`,
  },
  {
    table: 'evaluation_emails',
    accounts: (row) => `SELECT e.account_root_id FROM evaluations e WHERE e.id = ${row}.evaluation_id`,
  },
  { table: 'companies', accounts: (row) => `SELECT ${row}.owner_id` },
  {
    table: 'credit_ledger',
    accounts: (row) => `SELECT u.account_root_id FROM users u WHERE u.id IN (${row}.from_user_id, ${row}.to_user_id)`,
  },
];
const STATEMENT_TRIGGERS = ['insert', 'update', 'delete'];
/** 0023's tables, whose statement triggers this replaces; `credit_ledger` is tracked from here on (decision 218). */
const TRACKED_SINCE_0023 = new Set(['users', 'evaluations', 'evaluation_versions', 'evaluation_emails', 'companies']);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE FUNCTION bump_account_data_versions_once(accounts integer[]) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      v_done text := coalesce(nullif(current_setting('medida.data_versions_bumped', true), ''), ',');
      v_new integer[];
    BEGIN
      SELECT array_agg(DISTINCT a ORDER BY a) INTO v_new FROM unnest(accounts) AS a
        WHERE a IS NOT NULL AND position(',' || a || ',' IN v_done) = 0;
      IF v_new IS NULL THEN RETURN; END IF;
      PERFORM set_config('medida.data_versions_bumped', v_done || array_to_string(v_new, ',') || ',', true);
      PERFORM bump_account_data_versions(v_new);
    END
  $$`.execute(db);
  for (const { table, accounts } of TRACKED) {
    if (TRACKED_SINCE_0023.has(table)) {
      for (const event of STATEMENT_TRIGGERS)
        await sql.raw(`DROP TRIGGER ${table}_data_version_${event} ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION account_data_changed_${table}()`).execute(db);
    }
    await sql
      .raw(
        `CREATE FUNCTION account_data_changed_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            PERFORM bump_account_data_versions_once(ARRAY(${accounts('NEW')}));
          ELSIF TG_OP = 'DELETE' THEN
            PERFORM bump_account_data_versions_once(ARRAY(${accounts('OLD')}));
          ELSE
            PERFORM bump_account_data_versions_once(ARRAY(${accounts('OLD')} UNION ${accounts('NEW')}));
          END IF;
          RETURN NULL;
        END
      $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE CONSTRAINT TRIGGER ${table}_data_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
          DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION account_data_changed_${table}()`,
      )
      .execute(db);
  }
}

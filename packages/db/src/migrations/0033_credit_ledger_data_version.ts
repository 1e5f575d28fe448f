import { sql, type Kysely } from 'kysely';
// Forward-only (see 0001). Issue 33 item 2, decision 218: the dashboard joins the response cache (decision 160),
// and its credit card reads `credit_ledger`, which 0023 did not track. A movement's rows count for the accounts of
// both its ends (a grant has no sender, a charge no receiver). Like 0023: one bump per statement and account.
// The dashboard's other tables are tracked already or derived in the same statement from tracked ones
// (client_evaluation_summaries follows evaluations and users by trigger).
const ACCOUNTS_OF = (rows: string) =>
  `SELECT u.account_root_id FROM users u WHERE u.id IN (SELECT from_user_id FROM ${rows} UNION SELECT to_user_id FROM ${rows})`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // The ledger is append-only in practice; updates and deletes bump too, so a hand edit is never served stale.
  await sql
    .raw(
      `CREATE FUNCTION account_data_changed_credit_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM bump_account_data_versions(ARRAY(${ACCOUNTS_OF('new_rows')}));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM bump_account_data_versions(ARRAY(${ACCOUNTS_OF('old_rows')}));
        ELSE
          PERFORM bump_account_data_versions(ARRAY(${ACCOUNTS_OF('old_rows')} UNION ${ACCOUNTS_OF('new_rows')}));
        END IF;
        RETURN NULL;
      END
    $$`,
    )
    .execute(db);
  for (const [event, tables] of [
    ['INSERT', 'NEW TABLE AS new_rows'],
    ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
    ['DELETE', 'OLD TABLE AS old_rows'],
  ] as const)
    await sql
      .raw(
        `CREATE TRIGGER credit_ledger_data_version_${event.toLowerCase()} AFTER ${event} ON credit_ledger
          REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION account_data_changed_credit_ledger()`,
      )
      .execute(db);
}

import { sql, type Database, type Kysely } from '@medida/db';

/**
 * Runs `run` while appending one kind of audit event fails (a test-only trigger), so a write whose event
 * is appended in its own transaction must roll back (decisions 142 and 144).
 */
export async function withBrokenAuditInsert(
  db: Kysely<Database>,
  event: { resource: string; action: string },
  run: () => Promise<void>,
) {
  await sql`CREATE FUNCTION audit_events_broken() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'audit insert broken by the test'; END $$`.execute(db);
  await sql`CREATE TRIGGER audit_events_broken BEFORE INSERT ON audit_events FOR EACH ROW
    WHEN (NEW.resource_type = ${sql.lit(event.resource)} AND NEW.action = ${sql.lit(event.action)})
    EXECUTE FUNCTION audit_events_broken()`.execute(db);
  try {
    await run();
  } finally {
    await sql`DROP TRIGGER audit_events_broken ON audit_events`.execute(db);
    await sql`DROP FUNCTION audit_events_broken()`.execute(db);
  }
}

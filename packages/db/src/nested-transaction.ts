import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './database.ts';

/**
 * Runs `work` as one all-or-nothing unit: its own transaction on the database or, when `db` is already a
 * transaction (a batch that stores many records in one, such as an import), a savepoint inside it: a failure
 * rolls back `work`'s writes alone and leaves the caller's transaction usable. The caller owns the commit.
 */
export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (!db.isTransaction) return db.transaction().execute(work);
  const trx = db as Transaction<Database>;
  // PostgreSQL names the innermost savepoint: nested units may share the name.
  await sql`SAVEPOINT nested_unit`.execute(trx);
  try {
    const result = await work(trx);
    await sql`RELEASE SAVEPOINT nested_unit`.execute(trx);
    return result;
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT nested_unit`.execute(trx);
    // ROLLBACK TO keeps the savepoint: release it so it does not pile up under the next unit.
    await sql`RELEASE SAVEPOINT nested_unit`.execute(trx);
    throw error;
  }
}

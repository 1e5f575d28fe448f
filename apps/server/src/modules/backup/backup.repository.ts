import { sql, type Database, type Transaction } from '@medida/db';

/** The advisory lock one scheduled backup holds while it runs, so two instances never make the same one. */
const SCHEDULED_BACKUP_LOCK = [225_001, 0] as const;

export function createBackupRepository(trx: Transaction<Database>) {
  return {
    /** Takes the scheduled backup's lock for the caller's transaction; false when another instance holds it. */
    async tryLockScheduledBackup(): Promise<boolean> {
      const { rows } = await sql<{ locked: boolean }>`
        SELECT pg_try_advisory_xact_lock(${SCHEDULED_BACKUP_LOCK[0]}, ${SCHEDULED_BACKUP_LOCK[1]}) AS locked`.execute(
        trx,
      );
      return rows[0]!.locked;
    },
  };
}

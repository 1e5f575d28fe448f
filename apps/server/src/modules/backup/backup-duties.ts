import path from 'node:path';
import type { DbHandle } from '@medida/db';
import type { Config } from '../../config.ts';
import { listenControlSocket } from '../../lib/control-socket.ts';
import type { BlobStorage } from '../../lib/storage.ts';
import { systemClock } from '../../lib/clock.ts';
import { serverKey } from '../../lib/server-keys.ts';
import { createAuditCheckpointsService } from '../audit/audit-checkpoints.service.ts';
import { scheduleBackups, type BackupScheduleOptions } from './backup-schedule.ts';
import { writeBackup, type BackupDeps } from './backup.service.ts';

/** Where the control socket of the server running on a DATA_DIR listens (`npm run backup` looks there). */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock');

/** What a backup of this installation needs: its database, its files, and the key that signs its trail's heads. */
export function backupDepsFor(
  handle: DbHandle,
  storage: BlobStorage,
  config: Pick<Config, 'secretKey' | 'dataDir' | 'auditCheckpointMs'>,
): BackupDeps {
  const checkpoints = createAuditCheckpointsService({
    db: handle.db,
    key: serverKey(config, 'audit-checkpoint'),
    clock: systemClock,
    intervalMs: config.auditCheckpointMs,
    log: { info: () => {}, warn: () => {} },
  });
  return {
    db: handle.db,
    storage,
    now: systemClock.now,
    source: handle.driver,
    signHeads: () => checkpoints.write(true),
  };
}

/**
 * What a running server does for backups (decision 225): on the embedded database, which admits one process, it
 * writes the archives `npm run backup` asks for through a socket in DATA_DIR; with BACKUP_INTERVAL_HOURS, the
 * scheduled ones. `stop` waits for a backup on its way, before the database closes.
 */
export async function startBackupDuties(deps: {
  handle: DbHandle;
  storage: BlobStorage;
  config: Pick<Config, 'dataDir' | 'backups' | 'secretKey' | 'auditCheckpointMs'>;
  log: BackupScheduleOptions['log'];
}): Promise<{ stop(): Promise<void> }> {
  const { handle, config } = deps;
  const backup = backupDepsFor(handle, deps.storage, config);
  const onRequest =
    handle.driver === 'pglite'
      ? await listenControlSocket(controlSocketPath(config.dataDir), (request) => writeBackup(backup, request.out))
      : null;
  const schedule =
    config.backups.intervalMs > 0
      ? scheduleBackups({ backup, driver: handle.driver, log: deps.log, ...config.backups })
      : null;
  return {
    async stop() {
      await Promise.all([onRequest?.close(), schedule?.stop()]);
    },
  };
}

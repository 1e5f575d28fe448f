// The server once its database is open and migrated: storage, the app, background duties, listen, shutdown.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  acquireDataDirLock,
  DataDirLockedError,
  DEMO_ACCOUNT,
  demoAccountExists,
  seedDemoData,
  type DbHandle,
} from '@medida/db';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { systemClock } from './lib/clock.ts';
import { closePasswordJudge } from './lib/common-passwords.ts';
import { shutdownGracefully } from './lib/lifecycle.ts';
import { startBackupDuties } from './modules/backup/backup-duties.ts';
import { createMailer } from './lib/mailer.ts';
import { createPasswordHasher } from './lib/passwords.ts';
import { failStart } from './lib/fail-start.ts';
import { scheduleDatabaseMaintenance } from './lib/database-maintenance.ts';
import type { BlobStorage } from './lib/storage.ts';
import { serverKey } from './lib/server-keys.ts';
import { createAuditCheckpointsService } from './modules/audit/audit-checkpoints.service.ts';
import { sweepUploads, SHARED_STORE_SAFE_AGE_MS } from './modules/attachments/uploads-sweep.ts';
import { createBlobStorage } from './modules/blobs/blobs.service.ts';
import { createLoginThrottleService } from './modules/login-throttle/login-throttle.service.ts';
import { createRateLimitsService } from './modules/rate-limits/rate-limits.service.ts';

/** Runs the server on an open, migrated database; `created`: the embedded database was made by this start. */
export async function serve(config: Config, db: DbHandle, created: boolean): Promise<void> {
  const storage = await createBlobStorage(config.blobs, db.db);
  const swept = await sweepUploadsAtStart(config, db, storage);

  const hasher = createPasswordHasher();
  // A new embedded database was seeded by the child that made it.
  const seeded =
    config.seedDemo && (created || (await seedDemoData(db.db, { hashPassword: hasher.hash, now: systemClock.now })));

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    // The mailer logs through the app's logger, which exists only once the app is built.
    const logRef: { current?: Pick<FastifyBaseLogger, 'info' | 'error'> } = {};
    const mailer = createMailer({
      from: config.mailFrom,
      sink: config.smtpUrl
        ? { kind: 'smtp', url: config.smtpUrl }
        : { kind: 'outbox', dir: path.join(config.dataDir, 'outbox') },
      logger: {
        info: (obj, msg) => logRef.current?.info(obj, msg),
        error: (obj, msg) => logRef.current?.error(obj, msg),
      },
    });
    app = await buildApp({ config, db, clock: systemClock, hasher, mailer, storage });
    logRef.current = app.log;
  } catch (error) {
    await db.close();
    throw error;
  }
  const runningApp = app;
  if (swept.staged > 0 || swept.orphans > 0)
    runningApp.log.warn(swept, 'uploads: removed unfinished uploads and files no record names (a killed process)');

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    runningApp.log.info({ signal }, 'shutting down');
    // /web/ready answers 503 at once; SIGTERM (an orchestrator, a proxy in front) waits the grace period before the
    // listener stops, Ctrl-C does not. Then sockets get 1001, requests and background work drain, the database
    // closes (lib/lifecycle.ts, decision 222).
    const clean = await shutdownGracefully(runningApp, {
      graceMs: signal === 'SIGTERM' ? config.shutdown.graceMs : 0,
      timeoutMs: config.shutdown.drainMs,
      log: runningApp.log,
    });
    if (!clean) runningApp.log.error('shutdown did not finish in time; exiting');
    process.exit(clean ? 0 : 1);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Rate-limit counters and sign-in failures older than a day are never read again.
  const rateLimits = createRateLimitsService({ db: db.db, clock: systemClock });
  const loginThrottle = createLoginThrottleService({ db: db.db, clock: systemClock });
  const prune = setInterval(
    () =>
      void Promise.all([rateLimits.prune(), loginThrottle.prune()]).catch((err: unknown) =>
        runningApp.log.warn({ err }, 'pruning rate-limit counters failed'),
      ),
    3600_000,
  );
  prune.unref();
  runningApp.addHook('onClose', async () => clearInterval(prune));

  // A table that has doubled since its statistics were taken is analyzed at once (decision 173); PGlite has no
  // autovacuum, so there the server also vacuums and analyzes what changed while no request comes (decision 166).
  let lastActivity = performance.now();
  const touch = async () => {
    lastActivity = performance.now();
  };
  runningApp.addHook('onRequest', touch);
  runningApp.addHook('onResponse', touch);
  const maintenance = scheduleDatabaseMaintenance({
    handle: db,
    log: runningApp.log,
    quietFor: () => performance.now() - lastActivity,
  });
  // preClose runs before the database plugin's onClose: the table being vacuumed finishes first.
  runningApp.addHook('preClose', async () => {
    await maintenance.stop();
  });

  // Signed checkpoints of the audit chain heads (decision 204): at start, every interval, and after the last request
  // at shutdown (an onClose hook added here runs before the database plugin's, which closes the database).
  const checkpoints = await createAuditCheckpointsService({
    db: db.db,
    key: serverKey(config, 'audit-checkpoint'),
    clock: systemClock,
    intervalMs: config.auditCheckpointMs,
    log: runningApp.log,
  }).schedule();
  runningApp.addHook('onClose', async () => {
    await checkpoints.stop();
  });

  // Backups (decision 225): `npm run backup` on the embedded database asks this process; scheduled ones if set.
  const backupDuties = await startBackupDuties({
    handle: db,
    storage: runningApp.deps.storage,
    config,
    log: runningApp.log,
  });
  runningApp.addHook('preClose', async () => {
    await backupDuties.stop();
  });

  // The password judge's worker thread (decision 205) is stopped at shutdown so that the process can exit.
  runningApp.addHook('onClose', async () => closePasswordJudge());

  const listeningAt = await runningApp.listen({ port: config.port, host: config.host });
  runningApp.log.info(
    { driver: db.driver, dataDir: db.driver === 'pglite' ? config.dataDir : undefined },
    'database ready',
  );

  if (config.seedDemo && (seeded || (await demoAccountExists(db.db)))) {
    // Demo data only: printed on purpose so a fresh install can log in.
    process.stdout.write(
      `\n  Medida is listening on ${listeningAt} (public address ${config.publicBaseUrl})\n` +
        `  Demo professional: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}${seeded ? ' (just created)' : ''}\n\n`,
    );
  }
}

/**
 * On disk, one process per uploads directory, on both databases (decision 144): the lock makes the start-up sweep
 * safe, since no other process can be between promoting a blob and committing its row. Released on any exit; a lock
 * left by a killed process is stale and taken over. A shared store (PostgreSQL, S3) takes no lock: its sweep spares
 * what is younger than any upload can take, which may be another instance's (decision 221).
 */
async function sweepUploadsAtStart(config: Config, db: DbHandle, storage: BlobStorage) {
  if (config.blobs.driver !== 'disk')
    return sweepUploads(db.db, storage, new Date(systemClock.now().getTime() - SHARED_STORE_SAFE_AGE_MS));
  const uploadsDir = config.blobs.dir;
  mkdirSync(uploadsDir, { recursive: true });
  try {
    const lock = acquireDataDirLock(uploadsDir);
    process.on('exit', () => lock.release());
  } catch (error) {
    if (error instanceof DataDirLockedError)
      failStart(
        `Cannot start: the uploads directory ${uploadsDir} is in use by another running Medida process (pid ${error.pid}). ` +
          'Each server process needs its own DATA_DIR, or a shared file store (BLOB_STORAGE=postgres or s3).',
      );
    throw error;
  }
  return sweepUploads(db.db, storage);
}

import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps, Lifecycle } from '../types.ts';

/** Ready until `drain()` (the first shutdown signal). */
export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain: () => void (draining = true),
  };
}

/** A key no blob has: removing it is the cheapest call every driver answers (a missing blob is fine). */
const PROBE_KEY = '00000000-0000-4000-8000-000000000000';

/**
 * Whether the file storage answers (throws when not): the store removes a blob that is not there (a statement on
 * PostgreSQL, a request to S3), and on disk the uploads directory, or the data directory until the first upload
 * creates it, is writable by this process.
 */
export async function fileStorageAnswers(deps: Pick<AppDeps, 'config' | 'storage'>): Promise<void> {
  await deps.storage.discard(PROBE_KEY);
  const blobs = deps.config.blobs;
  if (blobs.driver !== 'disk') return;
  try {
    await access(blobs.dir, constants.W_OK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await access(path.dirname(blobs.dir), constants.W_OK);
  }
}

/** What the close may take beyond the drain timeout: the job queue's stop and the last hooks. */
const CLOSE_SLACK_MS = 15_000;

const wait = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref());

/**
 * The work the finished requests left behind: background jobs (work after the answer: notices, e-mails) and queued
 * e-mails, up to `timeoutMs`. Answers whether everything finished.
 */
export async function drainWork(deps: Pick<AppDeps, 'background' | 'mailer'>, timeoutMs: number): Promise<boolean> {
  const finished = (async () => {
    await deps.background.idle();
    await deps.mailer.idle();
    return 'done' as const;
  })();
  return (await Promise.race([finished, wait(timeoutMs)])) === 'done';
}

/**
 * A graceful shutdown (decision 222): `/web/ready` answers 503 at once; after `graceMs` (the proxy's health check
 * sees it) the app closes: chat sockets get close code 1001 (they reconnect elsewhere), the listener stops, the
 * requests on their way finish, the background work drains (app.ts, up to the drain timeout), the database closes.
 * Answers false when the close did not finish within `graceMs + timeoutMs` and some slack (the caller exits anyway).
 */
export async function shutdownGracefully(
  app: FastifyInstance,
  options: { graceMs: number; timeoutMs: number; log: FastifyBaseLogger },
): Promise<boolean> {
  app.lifecycle.drain();
  if (options.graceMs > 0) await wait(options.graceMs);
  const closed = app.close().then(
    () => 'done' as const,
    (err: unknown) => {
      options.log.error({ err }, 'error during shutdown');
      return 'failed' as const;
    },
  );
  // The background drain has its own timeout, so has the job queue's stop (decision 224, 10 s); this one is the last
  // word (a request that never ends).
  return (await Promise.race([closed, wait(options.timeoutMs + CLOSE_SLACK_MS)])) === 'done';
}

import { READY_CHECKS, type ReadyCheck } from '@medida/contracts';
import { fileStorageAnswers } from '../../lib/lifecycle.ts';
import type { AppDeps } from '../../types.ts';
import { createHealthRepository } from './health.repository.ts';

/** A check that has not answered by then has failed: a proxy's probe must not hang on a dead database. */
const CHECK_TIMEOUT_MS = 2000;
/** Background jobs and e-mails waiting at once beyond which the instance is taken as stuck. */
const QUEUE_BACKLOG_LIMIT = 1000;

export type Readiness =
  | { ready: true }
  | { ready: false; draining: true }
  | { ready: false; draining: false; failed: ReadyCheck[]; errors: unknown[] };

async function withTimeout(check: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance should get traffic (decision 222): not while it shuts down; else the database answers a
 * trivial statement, the file storage answers, and the background work and mail queues are not piling up. The
 * checks run together, each within CHECK_TIMEOUT_MS; why one failed is for the log, never the answer.
 */
export function createHealthService(deps: Pick<AppDeps, 'db' | 'config' | 'storage' | 'background' | 'mailer'>) {
  const repo = createHealthRepository(deps.db);
  const checks: Record<ReadyCheck, () => Promise<void>> = {
    database: repo.ping,
    storage: () => fileStorageAnswers(deps),
    queue: async () => {
      const waiting = deps.background.pending() + deps.mailer.pending();
      if (waiting >= QUEUE_BACKLOG_LIMIT) throw new Error(`${waiting} background jobs and e-mails waiting`);
    },
  };
  return {
    async readiness(draining: boolean): Promise<Readiness> {
      if (draining) return { ready: false, draining: true };
      const outcomes = await Promise.allSettled(READY_CHECKS.map((name) => withTimeout(checks[name])));
      const failed = READY_CHECKS.filter((_, i) => outcomes[i]!.status === 'rejected');
      if (failed.length === 0) return { ready: true };
      const errors = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
      return { ready: false, draining: false, failed, errors };
    },
  };
}

import { parentPort } from 'node:worker_threads';
import { judgePassword, loadPasswordJudge, type PasswordOwner, type PasswordWeakness } from './password-judge.ts';

/** { id, password, owner } in, { id, weakness } or { id, error } out; one check at a time, in order. */
export interface JudgeJob {
  id: number;
  password: string;
  owner: PasswordOwner;
}
export type JudgeReply = { id: number; weakness: PasswordWeakness | null } | { id: number; error: string };

// The dictionaries load as the thread starts: the server starts it just after listening (server.ts).
const loading = loadPasswordJudge();

parentPort!.on('message', (job: JudgeJob) => {
  loading
    .then(() => judgePassword(job.password, job.owner))
    .then(
      (weakness) => parentPort!.postMessage({ id: job.id, weakness } satisfies JudgeReply),
      (error: unknown) =>
        parentPort!.postMessage({
          id: job.id,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        } satisfies JudgeReply),
    );
});

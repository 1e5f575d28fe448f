import { jobKind, type JobQueue } from './jobs.ts';
import type { MailMessage, Mailer } from './mailer.ts';
import { seal, unseal } from './sealed.ts';

/**
 * One account e-mail (decision 224). An SMTP failure is tried again, for about an hour in all; the message is sealed
 * with the server key, since its links (password resets, confirmations) must not sit readable in the queue's table.
 */
const MAIL_SEND = jobKind<{ sealed: string }>({
  name: 'mail-send',
  retryLimit: 5,
  retryDelaySeconds: 600,
  expireInSeconds: 120,
});

const CONTEXT = 'mail-send';

/** What `send` refuses for good (a header with a line break): never worth another run. */
const refusedForGood = (error: unknown) => error instanceof Error && error.message.startsWith('Refusing to send');

/**
 * The mailer whose `sendLater` goes through the job queue: on PostgreSQL any instance sends it and a failure is
 * retried, on the embedded database the in-process queue does the same. `send` (awaited by its caller) is unchanged.
 */
export async function queuedMailer(
  mailer: Mailer,
  jobs: JobQueue,
  key: Buffer,
  logger: { error(obj: object, msg: string): void },
): Promise<Mailer> {
  await jobs.work(MAIL_SEND, async ({ sealed }) => {
    const message = JSON.parse(unseal(key, sealed, CONTEXT).toString('utf8')) as MailMessage;
    try {
      await mailer.send(message);
    } catch (error) {
      if (refusedForGood(error)) return logger.error({ err: error }, 'e-mail refused');
      throw error;
    }
  });
  const pending = new Set<Promise<void>>();
  return {
    ...mailer,
    sendLater(message) {
      const sealed = seal(key, Buffer.from(JSON.stringify(message), 'utf8'), CONTEXT);
      // In-process, until sent (tests and the shutdown drain wait for it); with pg-boss, until queued: it is safe.
      const job = jobs
        .send(MAIL_SEND, { sealed })
        .then((id) => (jobs.durable ? undefined : jobs.settled(MAIL_SEND, id)))
        .catch((error: unknown) => logger.error({ err: error }, 'e-mail could not be queued'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
      await mailer.idle();
    },
    // The readiness check's backlog (decision 222): messages not yet queued (or, in-process, not yet sent) count.
    pending: () => pending.size + mailer.pending(),
  };
}

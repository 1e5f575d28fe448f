import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createInProcessQueue, type JobQueue } from './jobs.ts';
import { createMailer, type MailMessage } from './mailer.ts';
import { queuedMailer } from './queued-mailer.ts';

const quiet = { info: () => {}, error: () => {} };
const message: MailMessage = { to: 'ana@example.test', subject: 'Restablecer', text: 'https://medida.test/r/secret' };

describe('sendLater through the job queue (decision 224)', () => {
  it('an SMTP failure is sent again by the next run', async () => {
    const memory = createMailer({ from: 'no-reply@medida.test', sink: { kind: 'memory' }, logger: quiet });
    let failures = 1;
    const flaky = {
      ...memory,
      send: async (m: MailMessage) => {
        if (failures-- > 0) throw new Error('421 try again later');
        await memory.send(m);
      },
    };
    // The real kind waits ten minutes between runs; in-process a job's delay comes from the kind it was sent with.
    const queue = createInProcessQueue(quiet);
    const fast: JobQueue = { ...queue, send: (kind, data) => queue.send({ ...kind, retryDelaySeconds: 0 }, data) };
    const mailer = await queuedMailer(flaky, fast, randomBytes(32), quiet);
    mailer.sendLater(message);
    await mailer.idle();
    expect(memory.sent.map((m) => m.to)).toEqual(['ana@example.test']);
    await queue.stop(100);
  });

  it('what the queue holds is sealed: the link is not readable in it', async () => {
    const memory = createMailer({ from: 'no-reply@medida.test', sink: { kind: 'memory' }, logger: quiet });
    const queue = createInProcessQueue(quiet);
    const held: object[] = [];
    const spy: JobQueue = {
      ...queue,
      send: (kind, data, options) => (held.push(data), queue.send(kind, data, options)),
    };
    const mailer = await queuedMailer(memory, spy, randomBytes(32), quiet);
    mailer.sendLater(message);
    await mailer.idle();
    expect(JSON.stringify(held)).not.toContain('secret');
    expect(memory.sent).toHaveLength(1);
    await queue.stop(100);
  });

  it('a message send refuses for good (a line break in a header) is not tried again', async () => {
    const memory = createMailer({ from: 'no-reply@medida.test', sink: { kind: 'memory' }, logger: quiet });
    const queue = createInProcessQueue(quiet);
    const mailer = await queuedMailer(memory, queue, randomBytes(32), quiet);
    mailer.sendLater({ ...message, subject: 'x\r\nBcc: eve@example.test' });
    await mailer.idle();
    expect(memory.sent).toHaveLength(0);
    await queue.stop(100);
  });
});

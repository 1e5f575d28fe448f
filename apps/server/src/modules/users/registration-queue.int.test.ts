import { createDb } from '@medida/db';
import { createFreshTestDb } from '@medida/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createJobQueue, createPgBossQueue, type JobQueue } from '../../lib/jobs.ts';
import { postRegistration, registrationBody } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

const silent = { error: () => {} };

/** A queue that records what is sent and, with `noWorkerFor`, never runs that kind here. */
function recording(queue: JobQueue, noWorkerFor?: string) {
  const sent: { kind: string; data: object }[] = [];
  const wrapped: JobQueue = {
    get durable() {
      return queue.durable;
    },
    send: (kind, data, options) => {
      sent.push({ kind: kind.name, data });
      return queue.send(kind, data, options);
    },
    work: (kind, handler) => (kind.name === noWorkerFor ? Promise.resolve() : queue.work(kind, handler)),
    settled: (kind, id) => queue.settled(kind, id),
    running: () => queue.running(),
    stop: (timeoutMs) => queue.stop(timeoutMs),
  };
  return { queue: wrapped, sent };
}

const accountOf = (ctx: TestContext, email: string) =>
  ctx.db
    .selectFrom('users')
    .select(['id', 'email_verified_at', 'password_hash'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();

/** A registration's slow part is a queued job (issue 34 item 2, decision 234). */
describe('registrations through the job queue', () => {
  const apps: TestContext[] = [];
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  it('queues the form sealed (no password, no address in the job) and the job creates the account', async () => {
    const { queue, sent } = recording(await createJobQueue({ databaseUrl: undefined, logger: silent }));
    const ctx = await createTestApp({}, { jobs: queue });
    apps.push(ctx);
    const body = registrationBody();
    const res = await postRegistration(ctx, body);
    expect(res.statusCode, res.body).toBe(202);
    await ctx.mailer.idle();

    const jobs = sent.filter((s) => s.kind === 'registration');
    expect(jobs).toHaveLength(1);
    const stored = JSON.stringify(jobs[0]!.data);
    expect(stored).not.toContain(body.password);
    expect(stored).not.toContain(body.email);
    const account = await accountOf(ctx, body.email);
    expect(account?.email_verified_at).toBeNull();
    expect(ctx.mailer.sent.filter((m) => m.to === body.email)).toHaveLength(1);
  });

  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL, a registration one instance accepted is run by another',
    async () => {
      const first = await createFreshTestDb();
      const url = first.connectionString!;
      const fast = {
        connectionString: url,
        logger: silent,
        pollingIntervalSeconds: 0.5,
        maintenanceIntervalSeconds: 1,
      };
      // One SECRET_KEY, as production requires with DATABASE_URL: the job is sealed with it.
      const env = { DATABASE_URL: url, SHUTDOWN_DRAIN_SECONDS: '1', SECRET_KEY: 'k'.repeat(43) };
      // Instance one only queues: it runs no registration itself.
      const one = await createTestApp(env, {
        handle: first,
        jobs: recording(await createPgBossQueue(fast), 'registration').queue,
      });
      apps.push(one);
      const body = registrationBody();
      const res = await postRegistration(one, body);
      expect(res.statusCode, res.body).toBe(202);
      await one.app.deps.background.idle();
      expect(await accountOf(one, body.email)).toBeUndefined();

      const second = await createDb({ postgres: { connectionString: url, max: 5 } });
      const two = await createTestApp(env, { handle: second, jobs: await createPgBossQueue(fast) });
      apps.push(two);
      const deadline = Date.now() + 30_000;
      while (!(await accountOf(two, body.email)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(await accountOf(two, body.email)).toBeDefined();
      // Its confirmation e-mail is a queued job too, sent by whichever instance takes it.
      const mailsTo = () => [...one.mailer.sent, ...two.mailer.sent].filter((m) => m.to === body.email);
      while (mailsTo().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(mailsTo()).toHaveLength(1);
    },
    60_000,
  );
});

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clientExportDocumentSchema, USER_TYPE, type ExportJob } from '@medida/contracts';
import { createDb, type DbHandle } from '@medida/db';
import { createFreshTestDb, createMigratedPglite } from '@medida/db/testing';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgBossQueue, type JobQueue } from '../../lib/jobs.ts';
import { sha256OfBuffer } from '../../lib/storage.ts';
import { evaluationRequest, exportClient, seedFaultAccount } from '../../test/fault-harness.ts';
import { twoTenants } from '../../test/people-factories.ts';
import { buildServer, startServer, type ServerProcess } from '../../../bench/server-process.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { EXPORT_BUILD_DEADLINE_MS } from './export-jobs.ts';
import { createExportsRepository } from './exports.repository.ts';

const silent = { error: () => {} };

const start = (ctx: TestContext, headers: object, clientId: number) =>
  ctx.app.inject({ method: 'POST', url: `/web/clients/${clientId}/export`, headers: { ...headers } });
const poll = async (ctx: TestContext, headers: object, id: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/web/exports/${id}`, headers: { ...headers } })).json<{
    export: ExportJob;
  }>().export;
const download = (ctx: TestContext, headers: object, id: string) =>
  ctx.app.inject({ method: 'GET', url: `/web/exports/${id}/download`, headers: { ...headers } });

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The instance's build never gets its ZIP into the store: it stays mid-run until its queue lets go of it. */
function hangAtTheStore(ctx: TestContext) {
  ctx.app.deps.storage.stage = () => new Promise(() => {});
}

/**
 * Exports whose instance dies mid-build (issue 34 item 2, decision 224). On PostgreSQL: instance one accepts an export
 * and its run stops before the ZIP is stored (its queue stops: the run is failed back to pg-boss, and the instance
 * leaves the registry); instance two runs the job again and both instances serve the same bytes from the shared store.
 */
describe.skipIf(!process.env.DATABASE_URL)('exports across two instances on one PostgreSQL', () => {
  const apps: TestContext[] = [];
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  it('instance one accepts, its build dies; instance two finishes it and the owner downloads it from either', async () => {
    const first = await createFreshTestDb();
    const url = first.connectionString!;
    const second = await createDb({ postgres: { connectionString: url, max: 5 } });
    const fast = { connectionString: url, logger: silent, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 };
    const queueOne: JobQueue = await createPgBossQueue(fast);
    // One SECRET_KEY, as production requires with DATABASE_URL: a queued e-mail is sealed with it.
    const env = { DATABASE_URL: url, SHUTDOWN_DRAIN_SECONDS: '1', SECRET_KEY: 'k'.repeat(43) };
    const one = await createTestApp(env, { handle: first, jobs: queueOne });
    apps.push(one);
    const t = await twoTenants(one);
    hangAtTheStore(one);

    const started = await start(one, t.owner.headers, t.client.id);
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json<{ export: ExportJob }>().export.id;
    // Instance one has written every entry and is stuck storing the ZIP; then its worker stops.
    await until(
      'the build on instance one',
      () => poll(one, t.owner.headers, id),
      (job) => job.total > 0 && job.done === job.total,
    );
    await queueOne.stop(1000);
    // As its shutdown does once the queue has stopped: instance one leaves the registry, so its claim on the build
    // (held by the run still hanging) no longer counts (decision 231).
    await one.app.deps.instance.leave();

    const two = await createTestApp(env, { handle: second, jobs: await createPgBossQueue(fast) });
    apps.push(two);
    expect((await poll(two, t.owner.headers, id)).status).toBe('building');
    const ready = await until(
      'the build on instance two',
      () => poll(two, t.owner.headers, id),
      (job) => job.status !== 'building',
    );
    expect(ready.status).toBe('ready');

    const fromTwo = await download(two, t.owner.headers, id);
    expect(fromTwo.statusCode, fromTwo.body).toBe(200);
    const fromOne = await download(one, t.owner.headers, id);
    expect(fromOne.statusCode, fromOne.body).toBe(200);
    expect(sha256OfBuffer(fromOne.rawPayload)).toBe(sha256OfBuffer(fromTwo.rawPayload));
    expect(fromTwo.rawPayload.length).toBe(ready.size_bytes);
    const files = unzipSync(new Uint8Array(fromTwo.rawPayload));
    const document = clientExportDocumentSchema.parse(JSON.parse(Buffer.from(files['client.json']!).toString('utf8')));
    expect(document.client.id_usuario).toBe(t.client.id);
    expect(document.audit_trail.at(-1)).toMatchObject({ action: 'export', actor: { id: t.owner.id } });
    // An account e-mail goes through pg-boss too, sealed (the instances share SECRET_KEY), and is sent.
    two.app.deps.mailer.sendLater({ to: 'ana@example.test', subject: 'Queued', text: 'Hola' });
    await until(
      'the queued e-mail',
      async () => two.mailer.sent.filter((m) => m.subject === 'Queued').length,
      (n) => n === 1,
    );
    // Still the starter's alone, on either instance.
    expect(
      (await two.app.inject({ method: 'GET', url: `/web/exports/${id}`, headers: t.other.headers })).statusCode,
    ).toBe(404);
  }, 180_000);

  it('a build no run claimed is queued again six heartbeats after it was accepted, not before (decision 260)', async () => {
    const handle = await createFreshTestDb();
    const url = handle.connectionString!;
    const env = { DATABASE_URL: url, SECRET_KEY: 'k'.repeat(43), INSTANCE_HEARTBEAT_SECONDS: '1' };
    const jobs = await createPgBossQueue({ connectionString: url, logger: silent });
    const ctx = await createTestApp(env, { handle, jobs });
    apps.push(ctx);
    const t = await twoTenants(ctx);
    // What an instance that died between its 202 and queueing the build leaves: the row, unclaimed, and no run.
    const id = randomUUID();
    const actor = { userId: t.owner.id, userType: USER_TYPE.professional, parentId: null, credits: 0 };
    await createExportsRepository(ctx.db).insert({
      id,
      ownerId: t.owner.id,
      clientId: t.client.id,
      actor,
      fileName: 'export.zip',
      total: 1,
      deadline: new Date(ctx.clock.now().getTime() + EXPORT_BUILD_DEADLINE_MS),
      now: ctx.clock.now(),
    });
    const queuedAt = async () =>
      (await ctx.db.selectFrom('export_jobs').select('queued_at').where('id', '=', id).executeTakeFirstOrThrow())
        .queued_at;
    ctx.clock.advance(5_900);
    await ctx.app.deps.instance.beat();
    expect(await queuedAt(), 'under six heartbeats').toBeNull();
    ctx.clock.advance(200);
    await ctx.app.deps.instance.beat();
    expect(await queuedAt(), 'six heartbeats after it was accepted').toEqual(ctx.clock.now());
  });
});

/**
 * The handover of decision 231: instance one, the compiled server in its own process, is SIGKILLed while it builds an
 * export (its pg-boss run stays active for 15 minutes). Instance two takes the build over at its first heartbeat after
 * instance one's has gone stale (four intervals of INSTANCE_HEARTBEAT_SECONDS=1), builds it and serves one ZIP.
 */
describe.skipIf(!process.env.DATABASE_URL)('an export whose instance is killed mid-build (PostgreSQL)', () => {
  let server: ServerProcess | undefined;
  const closing: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    if (server?.child.exitCode === null) await server?.stop();
    for (const one of closing.reverse()) await one.close();
  });

  it('is taken over by instance two within seconds, not at the run expiry, and downloads whole', async () => {
    await buildServer();
    const handle = await createFreshTestDb();
    closing.push(handle);
    const url = handle.connectionString!;
    const account = await seedFaultAccount(handle.db);
    const clientId = await exportClient(handle.db, account);
    const env = { DATABASE_URL: url, SECRET_KEY: 'k'.repeat(43), INSTANCE_HEARTBEAT_SECONDS: '1' };
    server = await startServer({ ...env, REPORT_WORKERS: '1', LOG_LEVEL: 'error' });
    const auth = { authorization: `Bearer ${account.token}` };
    const evaluation = await fetch(`${server.url}/web/ingresaevaluacion`, evaluationRequest(account, clientId));
    expect(evaluation.status, await evaluation.text()).toBe(200);
    const accepted = await fetch(`${server.url}/web/clients/${clientId}/export`, { method: 'POST', headers: auth });
    const body = await accepted.text();
    expect(accepted.status, body).toBe(202);
    const { id } = (JSON.parse(body) as { export: ExportJob }).export;
    const row = () =>
      handle.db
        .selectFrom('export_jobs')
        .select(['status', 'claimed_by', 'storage_key'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    // Killed once its run has claimed the build (a cold report worker's first PDF takes far longer than this).
    const claimed = await until('the claim of instance one', row, (r) => r.claimed_by !== null, 60_000);
    const exited = new Promise((resolve) => server!.child.once('exit', resolve));
    server.child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    expect(await row()).toMatchObject({ status: 'building', claimed_by: claimed.claimed_by });

    const second = await createDb({ postgres: { connectionString: url, max: 5 } });
    const fast = { connectionString: url, logger: silent, pollingIntervalSeconds: 0.5 };
    const two = await createTestApp(env, { handle: second, jobs: await createPgBossQueue(fast) });
    closing.push(two);
    // Instance two's clock is the real one (instance one's heartbeats were written by the system clock).
    const tick = setInterval(() => two.clock.set(new Date()), 100);
    try {
      const ready = await until('the build on instance two', row, (r) => r.status !== 'building', 90_000);
      const handoverSeconds = (Date.now() - killedAt) / 1000;
      expect(ready.status).toBe('ready');
      expect(ready.claimed_by).toBe(two.app.deps.instance.id);
      expect(handoverSeconds).toBeLessThan(60);

      const res = await two.app.inject({ method: 'GET', url: `/web/exports/${id}/download`, headers: auth });
      expect(res.statusCode, res.body).toBe(200);
      const polled = (await poll(two, auth, id)) as ExportJob;
      expect(res.rawPayload.length).toBe(polled.size_bytes);
      const files = unzipSync(new Uint8Array(res.rawPayload));
      expect(Object.keys(files).filter((name) => name.endsWith('.pdf'))).toHaveLength(1);
      const document = clientExportDocumentSchema.parse(
        JSON.parse(Buffer.from(files['client.json']!).toString('utf8')),
      );
      expect(document.client.id_usuario).toBe(clientId);
      expect(await two.app.deps.storage.keys()).toContain(ready.storage_key);
    } finally {
      clearInterval(tick);
    }
  }, 300_000);
});

/** A second handle on the same database: PGlite from its directory (one process at a time), PostgreSQL by URL. */
async function reopen(dataDir: string, connectionString: string | undefined): Promise<DbHandle> {
  if (connectionString) return createDb({ postgres: { connectionString, max: 5 } });
  return createDb({ pglite: { dataDir } });
}

/** The embedded server's queue lives in its process: a restart resumes the export its last process was building. */
describe('an export interrupted by a restart (in-process queue)', () => {
  let dataDir: string;
  let dropLast: DbHandle | undefined;
  afterAll(async () => {
    await dropLast?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('is built by the next process and downloads', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'medida-export-restart-'));
    // On PostgreSQL the fresh database's own handle stays open (closing it drops the database); each app gets another.
    const pg = process.env.DATABASE_URL ? await createFreshTestDb() : undefined;
    dropLast = pg;
    // The embedded one from the migrated template, as the other tests' databases (no migrations run again).
    const handle = pg ? await reopen(dataDir, pg.connectionString) : await createMigratedPglite(dataDir);
    const one = await createTestApp({ SHUTDOWN_DRAIN_SECONDS: '1' }, { handle });
    const t = await twoTenants(one);
    hangAtTheStore(one);
    const started = await start(one, t.owner.headers, t.client.id);
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json<{ export: ExportJob }>().export.id;
    await until(
      'the build before the restart',
      () => poll(one, t.owner.headers, id),
      (job) => job.total > 0 && job.done === job.total,
    );
    await one.close();

    const two = await createTestApp({}, { handle: await reopen(dataDir, pg?.connectionString) });
    try {
      await two.app.deps.background.idle();
      const ready = await until(
        'the build after the restart',
        () => poll(two, t.owner.headers, id),
        (job) => job.status !== 'building',
      );
      expect(ready.status).toBe('ready');
      const res = await download(two, t.owner.headers, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(Object.keys(unzipSync(new Uint8Array(res.rawPayload))).sort()).toEqual([
        'client.json',
        'fhir-bundle.json',
      ]);
    } finally {
      await two.close();
    }
  }, 180_000);
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { clientExportDocumentSchema, type ExportJob } from '@medida/contracts';
import { createFreshTestDb } from '@medida/db/testing';
import type { DbHandle } from '@medida/db';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, freePort, startServer, type ServerProcess } from '../../bench/server-process.ts';
import { systemClock } from '../lib/clock.ts';
import { createSessionsService } from '../modules/sessions/sessions.service.ts';
import { connectChat, type ChatTestClient } from '../test/chat-client.ts';
import { evaluationRequest, exportClient, seedFaultAccount, type FaultAccount } from '../test/fault-harness.ts';
import { DEFAULT_PASSWORD } from '../test/factories.ts';
import { multipartPayload, sampleFiles } from '../test/people-factories.ts';
import { testHasher } from '../test/test-app.ts';

/**
 * The production recipe as far as it runs here (issue 34 item 6, decision 223): two compiled server processes on one
 * PostgreSQL behind Caddy with TLS, configured by the shipped `deploy/Caddyfile`. A user signs in through the proxy,
 * uploads on one instance and downloads through the other, chats across both, and starts an export whose instance is
 * then killed mid-build: the proxy goes on answering, and the other instance takes the build over (decision 231).
 * Runs where CI runs the PostgreSQL suite; Caddy is Debian's package (`.ci/run` installs it).
 */
const caddyfile = fileURLToPath(new URL('../../../../deploy/Caddyfile', import.meta.url));

interface Proxy {
  url: string;
  ca: Buffer;
  child: ChildProcess;
  output: () => string;
}

/** Reads until `done`, every 200 ms; throws with the last value after `ms`. */
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(200);
  }
}

/** Caddy with the shipped Caddyfile: a certificate from its own authority, no admin endpoint, no port 80. */
async function startCaddy(upstreams: string[], home: string): Promise<Proxy> {
  const [port, httpPort] = [await freePort(), await freePort()];
  const url = `https://127.0.0.1:${port}`;
  const child = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      MEDIDA_SITE: url,
      MEDIDA_UPSTREAMS: upstreams.join(' '),
      MEDIDA_TLS: 'tls internal',
      CADDY_ADMIN: 'off',
      CADDY_GLOBAL_OPTIONS: `skip_install_trust\nhttp_port ${httpPort}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const rootCert = path.join(home, 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy exited with ${child.exitCode}:\n${output}`);
    const ca = await readFile(rootCert).catch(() => null);
    if (ca) {
      const ready = await httpsFetch({ url, ca, child, output: () => output }, '/web/ready').catch(() => null);
      if (ready?.status === 200) return { url, ca, child, output: () => output };
    }
    if (Date.now() > deadline) throw new Error(`caddy did not proxy /web/ready within 60 s:\n${output}`);
    await sleep(200);
  }
}

/** A request through the proxy, its certificate checked against Caddy's authority (no verification turned off). */
function httpsFetch(
  proxy: Proxy,
  pathname: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<{ status: number; body: Buffer; json: () => unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      new URL(pathname, proxy.url),
      { method: init.method ?? 'GET', headers: init.headers, ca: proxy.ca },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, body, json: () => JSON.parse(body.toString()) as unknown });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

describe.skipIf(!process.env.DATABASE_URL)('a practice: two instances behind Caddy on one PostgreSQL', () => {
  let database: DbHandle & { connectionString?: string };
  let account: FaultAccount;
  let clientToken: string;
  let one: ServerProcess;
  let two: ServerProcess;
  let proxy: Proxy;
  let caddyHome: string;
  const sockets: ChatTestClient[] = [];

  beforeAll(async () => {
    await buildServer();
    database = await createFreshTestDb();
    account = await seedFaultAccount(database.db);
    await database.db
      .updateTable('users')
      .set({ password_hash: await testHasher.hash(DEFAULT_PASSWORD) })
      .where('id', '=', account.ownerId)
      .execute();
    const sessions = createSessionsService({
      db: database.db,
      clock: systemClock,
      config: { session: { idleMinutes: 60, absoluteMinutes: 60 } },
    });
    clientToken = await sessions.issue(account.clientId, { ip: '127.0.0.1', userAgent: 'practice test' });
    // What compose.yaml and the systemd unit give every instance: one database, one key, a trusted proxy.
    const env = {
      DATABASE_URL: database.connectionString!,
      SECRET_KEY: randomBytes(32).toString('hex'),
      NODE_ENV: 'production',
      TRUST_PROXY: '127.0.0.1',
      // A killed instance's export is handed over four heartbeats after its last (decision 231): seconds, not minutes.
      INSTANCE_HEARTBEAT_SECONDS: '1',
    };
    // Started together, as compose starts them; one that fails to start must not leave the other running.
    const started = await Promise.allSettled([startServer(env), startServer(env)]);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) {
      await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
      throw failed.reason;
    }
    [one, two] = started.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value) as [
      ServerProcess,
      ServerProcess,
    ];
    caddyHome = await mkdtemp(path.join(tmpdir(), 'medida-caddy-'));
    proxy = await startCaddy(
      [one.url, two.url].map((u) => new URL(u).host),
      caddyHome,
    );
  }, 240_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    proxy?.child.kill('SIGTERM');
    await Promise.all([one?.stop(), two?.stop()]);
    if (caddyHome) await rm(caddyHome, { recursive: true, force: true });
    await database?.close();
  });

  it('signs in through the proxy; a file uploaded on one instance downloads from the other, byte for byte', async () => {
    const signIn = await httpsFetch(proxy, '/web/authenticate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@faults.test', password: DEFAULT_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const token = (signIn.json() as { token: string }).token;
    const auth = { authorization: `Bearer ${token}` };

    const data = sampleFiles.pdf(300_000);
    const upload = await multipartPayload(
      {
        ...account.clientFields,
        id_uploader: account.ownerId,
        files_info: [{ title: 'practice', description: 'lab' }],
      },
      [{ name: 'practice.pdf', data }],
    );
    const saved = await fetch(`${one.url}/web/editaperfil`, {
      method: 'POST',
      headers: { ...auth, ...upload.headers },
      body: upload.payload,
    });
    expect(saved.status).toBe(200);
    const { id } = await database.db
      .selectFrom('attachments')
      .select('id')
      .where('user_id', '=', account.clientId)
      .executeTakeFirstOrThrow();

    const downloaded = await fetch(`${two.url}/web/attachments/${id}/download`, { headers: auth });
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(Buffer.from(data))).toBe(true);
    // And through the proxy, whichever instance it picks.
    for (let i = 0; i < 4; i++) {
      const viaProxy = await httpsFetch(proxy, `/web/attachments/${id}/download`, { headers: auth });
      expect(viaProxy.status).toBe(200);
      expect(viaProxy.body.equals(Buffer.from(data))).toBe(true);
    }
  });

  it('a chat message sent on one instance reaches a socket on the other', async () => {
    const auth = { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' };
    const room = await httpsFetch(proxy, '/web/getOrCreateUserChatRoom', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ user_id: account.clientId }),
    });
    expect(room.status).toBe(200);
    const roomId = (room.json() as { room: { chat_room_id: string } }).room.chat_room_id;
    const professional = await connectChat(one.url, account.token);
    const client = await connectChat(two.url, clientToken);
    sockets.push(professional, client);
    client.send({ type: 'send', room_id: roomId, client_id: 'practice-1', message: 'hola desde la instancia 2' });
    const received = await professional.next('message', (f) => f.message.message === 'hola desde la instancia 2');
    expect(received.message.user_id).toBe(account.clientId);
  });

  // Last: it kills an instance.
  it('the instance building an export is killed: the proxy answers, the other instance finishes and serves it', async () => {
    const signIn = await httpsFetch(proxy, '/web/authenticate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@faults.test', password: DEFAULT_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const auth = { authorization: `Bearer ${(signIn.json() as { token: string }).token}` };
    const clientId = await exportClient(database.db, account);
    const { headers, body } = evaluationRequest(account, clientId);
    const evaluation = await httpsFetch(proxy, '/web/ingresaevaluacion', {
      method: 'POST',
      headers: headers as Record<string, string>,
      body: body as string,
    });
    expect(evaluation.status, evaluation.body.toString()).toBe(200);

    // Which registry id is instance one's: a chat socket opened on it names its instance (the owner's sockets are all
    // on instance one).
    sockets.push(await connectChat(one.url, account.token));
    const ownerSockets = () =>
      database.db
        .selectFrom('chat_sockets')
        .select('instance_id')
        .distinct()
        .where('user_id', '=', account.ownerId)
        .execute();
    const [oneSocket, ...others] = await until(
      'the socket on instance one',
      ownerSockets,
      (rows) => rows.length > 0,
      30_000,
    );
    expect(others).toEqual([]);
    const instanceOne = oneSocket!.instance_id;

    const accepted = await httpsFetch(proxy, `/web/clients/${clientId}/export`, { method: 'POST', headers: auth });
    expect(accepted.status, accepted.body.toString()).toBe(202);
    const { id } = (accepted.json() as { export: ExportJob }).export;
    const row = () =>
      database.db
        .selectFrom('export_jobs')
        .select(['status', 'claimed_by'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    // Killed once a run has claimed the build (a cold report worker's first PDF takes far longer than this).
    const { claimed_by: builder } = await until('the claim', row, (r) => r.claimed_by !== null, 60_000);
    const [killed, survivor] = builder === instanceOne ? [one, two] : [two, one];
    const exited = new Promise((resolve) => killed.child.once('exit', resolve));
    killed.child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    expect(await row()).toEqual({ status: 'building', claimed_by: builder });

    for (let i = 0; i < 6; i++) {
      const res = await httpsFetch(proxy, `/web/usuario?id_usuario=${account.clientId}`, { headers: auth });
      expect(res.status).toBe(200);
    }
    const poll = async () => {
      const res = await httpsFetch(proxy, `/web/exports/${id}`, { headers: auth });
      expect(res.status, res.body.toString()).toBe(200);
      return (res.json() as { export: ExportJob }).export;
    };
    const ready = await until('the build after the kill', poll, (job) => job.status !== 'building', 90_000);
    expect(ready.status).toBe('ready');
    const handoverSeconds = (Date.now() - killedAt) / 1000;
    expect(handoverSeconds).toBeLessThan(60);
    expect((await row()).claimed_by).not.toBe(builder);
    expect(survivor.child.exitCode).toBeNull();

    const download = await httpsFetch(proxy, `/web/exports/${id}/download`, { headers: auth });
    expect(download.status, download.body.toString()).toBe(200);
    expect(download.body.length).toBe(ready.size_bytes);
    const files = unzipSync(new Uint8Array(download.body));
    expect(Object.keys(files).filter((name) => name.endsWith('.pdf'))).toHaveLength(1);
    const document = clientExportDocumentSchema.parse(JSON.parse(Buffer.from(files['client.json']!).toString('utf8')));
    expect(document.client.id_usuario).toBe(clientId);
    expect(document.audit_trail.at(-1)).toMatchObject({ action: 'export', actor: { id: account.ownerId } });
  }, 240_000);
});

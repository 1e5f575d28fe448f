/**
 * Chat bench (issue 13): N concurrent sockets (default 1,000, one per user) exchanging 100 messages per
 * second in total for 20 s, against the compiled server (`dist/server.js`, what `npm start` runs) in its
 * own process, so its memory is the server's alone. Prints delivery latency p50/p95/p99 (send on one
 * socket → the `message` frame on the other member's socket), lost messages (sent but never delivered to
 * the other member; must be 0), refused sends, and the server's RSS and CPU time.
 *
 * Runs: one instance on PGlite (the embedded database, a data directory); with DATABASE_URL also one
 * instance on PostgreSQL, then two instances on one PostgreSQL database with every pair split across them
 * (the professional's socket on instance A, its client's on B), so every delivery to the other member
 * goes through LISTEN/NOTIFY.
 *
 * Users, sessions and rooms are seeded through the real data layer (the users-row factory, the sessions
 * service, the chat service's room rules) before the server starts: sockets are limited per user
 * (CHAT_LIMITS.socketsPerUser), so N sockets need many users.
 *
 * Before the exchange, on one instance of each database: the read routes' requests per second at 10 connections as
 * a ratio of /web/health's in the same round (issue 33 item 2: ≥ 30 % on PGlite, ≥ 40 % on PostgreSQL; medians
 * of 3 interleaved rounds of 3 s, as http.bench.ts measures them), on a room of 40 messages.
 *
 *   npm run bench -w @medida/server          (everything)
 *   npx tsx bench/chat.bench.ts              (chat only; CHAT_BENCH_SOCKETS, CHAT_BENCH_RATE, CHAT_BENCH_SECONDS;
 *   CHAT_BENCH_ONLY=reads for the read ratios alone, =exchange for the exchange alone, =postgres to skip PGlite)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { USER_TYPE, type ChatServerFrame } from '@medida/contracts';
import { createDb, migrateToLatest, sql, type DbHandle } from '@medida/db';
import { createFreshTestDb, insertTestUser } from '@medida/db/testing';
import { systemClock } from '../src/lib/clock.ts';
import { createChatService } from '../src/modules/chat/chat.service.ts';
import { createSessionsService } from '../src/modules/sessions/sessions.service.ts';
import { connectChat, type ChatTestClient } from '../src/test/chat-client.ts';
import { closeConnections, ratioTable } from './route-ratios.ts';
import { buildServer, startServer, type ServerProcess } from './server-process.ts';

const SOCKETS = Number(process.env.CHAT_BENCH_SOCKETS ?? 1000);
const RATE = Number(process.env.CHAT_BENCH_RATE ?? 100); // messages per second, all sockets together
const SECONDS = Number(process.env.CHAT_BENCH_SECONDS ?? 20);
const DRAIN_MS = 15_000; // after the last send, how long a delivery may still arrive before it counts as lost
const CONNECT_BATCH = 50;
const ONLY = process.env.CHAT_BENCH_ONLY;
// Every bench socket comes from 127.0.0.1: the per-address cap (decision 222) must let them all in.
const BENCH_SERVER_ENV = { CHAT_SOCKETS_PER_ADDRESS: String(Math.max(1000, SOCKETS * 2)) };
const READ_SECONDS = 3;
const READ_ROUNDS = 3;

interface Pair {
  roomId: string;
  pro: { id: number; token: string };
  client: { id: number; token: string };
}

/** N/2 professionals, each with one client, a session each and their room: N users, N/2 rooms. */
async function seed(handle: DbHandle): Promise<Pair[]> {
  const sessions = createSessionsService({
    db: handle.db,
    clock: systemClock,
    // Long enough that no session expires during the run.
    config: { session: { idleMinutes: 24 * 60, absoluteMinutes: 24 * 60 } },
  });
  const chat = createChatService({ db: handle.db, clock: systemClock });
  const meta = { ip: '127.0.0.1', userAgent: 'chat bench' };
  const pairs: Pair[] = [];
  for (let i = 0; i < SOCKETS / 2; i++) {
    const proId = await insertTestUser(handle.db, {
      email: `pro${i}@chat-bench.test`,
      password_hash: 'not-used',
      nombre: 'Pro',
      apellido: `Bench ${i}`,
    });
    const clientId = await insertTestUser(handle.db, {
      type: USER_TYPE.client,
      email: `client${i}@chat-bench.test`,
      password_hash: 'not-used',
      nombre: 'Cliente',
      apellido: `Bench ${i}`,
      parent_user_id: proId,
    });
    const [proToken, clientToken, room] = await Promise.all([
      sessions.issue(proId, meta),
      sessions.issue(clientId, meta),
      chat.getOrCreateRoom({ actorId: proId, otherId: clientId }),
    ]);
    pairs.push({
      roomId: room.chat_room_id,
      pro: { id: proId, token: proToken },
      client: { id: clientId, token: clientToken },
    });
  }
  // The read ratios' conversation: 40 messages in the first room.
  const [first] = pairs;
  if (first)
    for (let i = 0; i < 40; i++) {
      const userId = i % 2 === 0 ? first.pro.id : first.client.id;
      await chat.send({
        userId,
        roomId: first.roomId,
        clientId: `reads-${i}-bench`,
        message: `Message ${i} of the bench.`,
      });
    }
  return pairs;
}

/** The chat read routes as ratios of /web/health's requests per second, rounds interleaved (route-ratios.ts). */
async function readRatios(label: string, server: ServerProcess, pair: Pair) {
  tableOpen = false;
  const load = loadavg()[0]!;
  const auth = { authorization: `Bearer ${pair.pro.token}` };
  await ratioTable(
    label,
    server.url,
    [
      { name: 'authenticate/user', path: '/web/authenticate/user', headers: auth },
      { name: 'getUserChatRooms', path: '/web/getUserChatRooms', headers: auth, body: () => '{}' },
      { name: 'chat/messages', path: `/web/chat/messages?room_id=${pair.roomId}&limit=30`, headers: auth },
    ],
    { seconds: READ_SECONDS, rounds: READ_ROUNDS },
  );
  console.log(`(load average ${load.toFixed(1)} → ${loadavg()[0]!.toFixed(1)})`);
}

const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

interface RunResult {
  label: string;
  sent: number;
  delivered: number;
  echoed: number;
  lost: number;
  refused: Record<string, number>;
  latencies: number[];
  connectSeconds: number;
  /** From the last send to the last delivery: how far behind the run the deliveries were. */
  drainSeconds: number;
  servers: Array<{ idleMb: number; connectedMb: number; peakMb: number; endMb: number; cpuSeconds: number }>;
  load: [number, number];
}

/**
 * Opens one socket per user (professional on `servers[0]`, client on the last server), then sends RATE
 * messages per second for SECONDS, each from one member of a random room to the other.
 */
async function exchange(label: string, pairs: Pair[], servers: ServerProcess[]): Promise<RunResult> {
  const loadBefore = loadavg()[0]!;
  const idle = servers.map((s) => s.rssMb());
  const sentAt = new Map<number, number>(); // sequence → send time
  const deliveredSeqs = new Set<number>();
  const echoedSeqs = new Set<number>();
  const latencies: number[] = [];
  const refused: Record<string, number> = {};

  const onFrame = (userId: number) => (frame: ChatServerFrame) => {
    if (frame.type === 'error') {
      refused[frame.code] = (refused[frame.code] ?? 0) + 1;
      return;
    }
    if (frame.type !== 'message') return;
    const seq = Number(frame.message.message.slice('bench '.length));
    if (frame.message.user_id === userId) {
      echoedSeqs.add(seq);
      return;
    }
    const start = sentAt.get(seq);
    if (start === undefined || deliveredSeqs.has(seq)) return;
    deliveredSeqs.add(seq);
    latencies.push(performance.now() - start);
  };

  const t0 = performance.now();
  const sockets: Array<{ pro: ChatTestClient; client: ChatTestClient }> = [];
  const last = servers[servers.length - 1]!;
  for (let i = 0; i < pairs.length; i += CONNECT_BATCH / 2) {
    const batch = pairs.slice(i, i + CONNECT_BATCH / 2);
    sockets.push(
      ...(await Promise.all(
        batch.map(async (pair) => ({
          pro: await connectChat(servers[0]!.url, pair.pro.token, { onFrame: onFrame(pair.pro.id) }).catch(
            (err: unknown) => {
              throw new Error(`socket of user ${pair.pro.id} on ${servers[0]!.url}: ${String(err)}`);
            },
          ),
          client: await connectChat(last.url, pair.client.token, { onFrame: onFrame(pair.client.id) }),
        })),
      )),
    );
  }
  const connectSeconds = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  const connected = servers.map((s) => s.rssMb());

  const peak = servers.map((s) => s.rssMb());
  const cpuBefore = servers.map((s) => s.cpuSeconds());
  const sampler = setInterval(() => servers.forEach((s, i) => (peak[i] = Math.max(peak[i]!, s.rssMb()))), 250);

  // A fixed schedule: message k leaves at k / RATE seconds (catching up if the event loop was late).
  let seq = 0;
  const total = RATE * SECONDS;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * RATE));
      while (seq < due) {
        const index = Math.floor(Math.random() * sockets.length);
        const pair = pairs[index]!;
        const fromPro = Math.random() < 0.5;
        const socket = fromPro ? sockets[index]!.pro : sockets[index]!.client;
        sentAt.set(seq, performance.now());
        socket.send({
          type: 'send',
          room_id: pair.roomId,
          client_id: `bench-${String(seq).padStart(8, '0')}`,
          message: `bench ${seq}`,
        });
        seq++;
      }
      if (seq >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  const lastSend = performance.now();
  const drainUntil = lastSend + DRAIN_MS;
  while (deliveredSeqs.size < seq && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
  const drainSeconds = (performance.now() - lastSend) / 1000;
  clearInterval(sampler);
  const end = servers.map((s) => s.rssMb());
  const cpu = servers.map((s, i) => s.cpuSeconds() - cpuBefore[i]!);
  for (const { pro, client } of sockets) {
    pro.close();
    client.close();
  }
  latencies.sort((a, b) => a - b);
  return {
    label,
    sent: seq,
    delivered: deliveredSeqs.size,
    echoed: echoedSeqs.size,
    lost: seq - deliveredSeqs.size,
    refused,
    latencies,
    connectSeconds,
    drainSeconds,
    servers: servers.map((_, i) => ({
      idleMb: idle[i]!,
      connectedMb: connected[i]!,
      peakMb: peak[i]!,
      endMb: end[i]!,
      cpuSeconds: cpu[i]!,
    })),
    load: [loadBefore, loadavg()[0]!],
  };
}

/** The exchange table's header, again after a read-ratio table came between its rows. */
let tableOpen = false;

function print(r: RunResult) {
  if (!tableOpen)
    console.log(
      '| run | sockets | sent | p50 ms | p95 ms | p99 ms | max ms | lost | no echo | refused | server RSS MB (idle → connected / peak) | server CPU s | drain s | connect s | load avg (1 min) |\n' +
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---:|---:|---:|---|',
    );
  tableOpen = true;
  const f = (n: number) => n.toFixed(1);
  const refused = Object.entries(r.refused)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
  console.log(
    `| ${r.label} | ${SOCKETS} | ${r.sent} | ${f(pct(r.latencies, 50))} | ${f(pct(r.latencies, 95))} | ${f(pct(r.latencies, 99))} | ${f(r.latencies.at(-1) ?? NaN)} | **${r.lost}** | ${r.sent - r.echoed} | ${refused || '0'} | ${r.servers.map((s) => `${f(s.idleMb)} → ${f(s.connectedMb)} / peak ${f(s.peakMb)}`).join('; ')} | ${r.servers.map((s) => f(s.cpuSeconds)).join(' + ')} | ${r.drainSeconds.toFixed(1)} | ${r.connectSeconds.toFixed(1)} | ${r.load.map((l) => l.toFixed(1)).join(' → ')} |`,
  );
}

/** Rows stored for the bench's messages: every sent message must be in the database too. */
async function storedCount(handle: DbHandle): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_messages
    WHERE client_id LIKE 'bench-%'`.execute(handle.db);
  return rows[0]!.n;
}

console.log('Building the server (dist/server.js, as npm start runs it)…');
await buildServer();
console.log(
  `\nChat: ${SOCKETS} sockets (one per user, ${SOCKETS / 2} rooms), ${RATE} messages/s for ${SECONDS} s; latency = send → the other member's socket.`,
);

const results: RunResult[] = [];
/** Each run's stored-messages line, printed under its row and again under it in the summary. */
const storedLines = new Map<RunResult, string>();
function stored(line: string) {
  console.log(line);
  storedLines.set(results.at(-1)!, line);
}
if (ONLY !== 'postgres') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'medida-chat-bench-'));
  try {
    const handle = await createDb({ pglite: { dataDir: path.join(dataDir, 'pgdata') } });
    let pairs: Pair[];
    try {
      await migrateToLatest(handle.db);
      pairs = await seed(handle);
    } finally {
      await handle.close();
    }
    const server = await startServer({ ...BENCH_SERVER_ENV, DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      if (ONLY !== 'exchange') await readRatios('PGlite, chat reads', server, pairs[0]!);
      if (ONLY !== 'reads') {
        results.push(await exchange('PGlite, 1 instance', pairs, [server]));
        print(results.at(-1)!);
      }
    } finally {
      await server.stop();
    }
    const reopened = await createDb({ pglite: { dataDir: path.join(dataDir, 'pgdata') } });
    try {
      if (ONLY !== 'reads')
        stored(`  (PGlite: ${await storedCount(reopened)} of ${results.at(-1)!.sent} sent messages stored)`);
    } finally {
      await reopened.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  for (const instances of ONLY === 'reads' ? [1] : [1, 2]) {
    const handle = await createFreshTestDb({ DATABASE_URL: databaseUrl });
    try {
      const pairs = await seed(handle);
      const servers: ServerProcess[] = [];
      try {
        for (let i = 0; i < instances; i++)
          servers.push(await startServer({ ...BENCH_SERVER_ENV, DATABASE_URL: handle.connectionString! }));
        if (instances === 1 && ONLY !== 'exchange') await readRatios('PostgreSQL, chat reads', servers[0]!, pairs[0]!);
        if (ONLY === 'reads') continue;
        const label =
          instances === 1 ? 'PostgreSQL, 1 instance' : 'PostgreSQL, 2 instances (LISTEN/NOTIFY; pairs split)';
        results.push(await exchange(label, pairs, servers));
        print(results.at(-1)!);
      } finally {
        for (const server of servers) await server.stop();
      }
      stored(`  (${await storedCount(handle)} of ${results.at(-1)!.sent} sent messages stored)`);
    } finally {
      await handle.close();
    }
  }
} else {
  console.log('\nDATABASE_URL not set: the PostgreSQL runs (one and two instances) were skipped.');
}

// Every run's row again in one table at the end: read-ratio tables come between them above, and the quality page
// shows a bench from its summary on (tools/quality/steps.ts).
if (results.length > 0) {
  console.log('\nSummary: deliveries of every run above');
  tableOpen = false;
  for (const r of results) {
    print(r);
    const line = storedLines.get(r);
    if (line) console.log(line);
  }
}

const lost = results.reduce((n, r) => n + r.lost, 0);
if (lost > 0) {
  console.log(`\n${lost} messages lost.`);
  process.exitCode = 1;
}

closeConnections();

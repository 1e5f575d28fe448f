import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type {
  PgliteWasmMessage,
  PgliteWasmModules,
  PgliteQueryResult,
  PgliteReply,
  PgliteRequest,
  PgliteWorkerData,
  SerializedDbError,
} from './pglite-protocol.ts';
import { sourceWorkerEntry } from './source-worker.ts';

/** What the pool adapter needs from PGlite; an in-process `PGlite` has the same shape. */
export interface PgliteSession {
  query(sql: string, params: unknown[]): Promise<PgliteQueryResult>;
  /** BEGIN, then the statement if it began, in one trip to the database thread (an in-process PGlite has none). */
  queryAfterBegin?(sql: string, params: unknown[]): Promise<PgliteQueryResult>;
  close(): Promise<void>;
}

/**
 * From the TypeScript sources (tsx, vitest) the worker starts from a bundle of them (source-worker.ts); in the esbuild
 * bundle (`npm start`) from the compiled `pglite-worker.js` beside the server's chunks.
 */
const workerEntry = (): URL | Promise<URL> =>
  new URL(import.meta.url).pathname.endsWith('.ts')
    ? sourceWorkerEntry(new URL('./pglite-worker.ts', import.meta.url))
    : new URL('./pglite-worker.js', import.meta.url);

interface Pending {
  resolve(value: PgliteQueryResult): void;
  reject(error: Error): void;
}

function toError(serialized: SerializedDbError): Error {
  return Object.assign(new Error(serialized.message), serialized.fields);
}

/**
 * PostgreSQL's WebAssembly, compiled once per process: each new thread gets the compiled modules instead of
 * compiling 9 MB again (about half a second of CPU per database opened; the test suites open hundreds).
 */
let compiling: Promise<void> | undefined;
let compiledWasm: PgliteWasmModules | undefined;
function compilePgliteWasm(): void {
  if (compiling) return;
  // node's types: @types/node declares no global WebAssembly (TypeScript's DOM library does, and is left out here).
  const { WebAssembly: wasm } = globalThis as unknown as {
    WebAssembly: { compile(bytes: Uint8Array): Promise<PgliteWasmModules['pgliteWasmModule']> };
  };
  const compile = async (file: string) =>
    wasm.compile(await readFile(createRequire(import.meta.url).resolve(`@electric-sql/pglite/${file}`)));
  // A failed compile is tried again by the next thread opened (each thread meanwhile loads its own).
  compiling = Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]).then(
    ([pgliteWasmModule, initdbWasmModule]) => void (compiledWasm = { pgliteWasmModule, initdbWasmModule }),
    () => void (compiling = undefined),
  );
}

/**
 * PGlite in a worker thread. PGlite runs PostgreSQL in WebAssembly on the thread that calls it, so a
 * 50 ms query blocked every HTTP request for 50 ms; here the main thread only posts the SQL and reads the
 * rows back (issue 11 item 4). The worker keeps the process alive only while a query is in flight, like a
 * socket: a script that forgets `close()` still exits.
 */
export async function openPgliteThread(options: {
  dataDir?: string;
  loadDataDir?: Uint8Array;
}): Promise<PgliteSession> {
  // A copy of its own, moved to the thread (the caller keeps its bytes for the next database). Not `slice()`: on a
  // Buffer that is a view, and moving its memory would empty the caller's.
  const loadDataDir = options.loadDataDir ? new Uint8Array(options.loadDataDir).buffer : undefined;
  const worker = new Worker(await workerEntry(), {
    workerData: { dataDir: options.dataDir, loadDataDir } satisfies PgliteWorkerData,
    transferList: loadDataDir ? [loadDataDir] : [],
  });
  // The compiled modules when this process has them; else none, and the thread loads its own at once. Waiting for
  // them here would make the thread wait for this one, which at start-up is busy loading the app's modules for
  // most of a second (the two halves of the start no longer overlapped). Later threads get the modules.
  worker.postMessage({ kind: 'wasm', ...compiledWasm } satisfies PgliteWasmMessage);
  compilePgliteWasm();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let stopped: Error | undefined;

  const started = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });

  worker.on('message', (reply: PgliteReply) => {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if ('error' in reply) waiter.reject(toError(reply.error));
    else if ('result' in reply) waiter.resolve(reply.result);
    else waiter.resolve({ rows: [] });
  });
  const stop = (error: Error) => {
    stopped ??= error;
    for (const waiter of pending.values()) waiter.reject(stopped);
    pending.clear();
  };
  worker.on('error', (error) =>
    stop(new Error(`The embedded database thread failed: ${error.message}`, { cause: error })),
  );
  worker.on('exit', (code) => stop(new Error(`The embedded database thread exited (code ${code})`)));

  const send = (request: PgliteRequest) =>
    new Promise<PgliteQueryResult>((resolve, reject) => {
      if (stopped) return reject(stopped);
      pending.set(request.id, { resolve, reject });
      worker.ref();
      try {
        worker.postMessage(request);
      } catch (error) {
        // A parameter the structured clone cannot copy (a function, …): this query fails, the session goes on.
        pending.delete(request.id);
        if (pending.size === 0) worker.unref();
        reject(error as Error);
      }
    });

  try {
    await started;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  worker.unref();

  let closing: Promise<void> | undefined;
  return {
    query: (sql, params) => send({ kind: 'query', id: nextId++, sql, params }),
    queryAfterBegin: (sql, params) => send({ kind: 'query', id: nextId++, sql, params, begin: true }),
    close: () =>
      (closing ??= (async () => {
        try {
          await send({ kind: 'close', id: nextId++ });
        } finally {
          await worker.terminate();
        }
      })()),
  };
}

// The embedded database's thread: one PGlite instance, queries in order, answers by message.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { createPreparedQueries } from './pglite-prepared.ts';
import type {
  PgliteReply,
  PgliteRequest,
  PgliteWasmMessage,
  PgliteWorkerData,
  SerializedDbError,
} from './pglite-protocol.ts';
import { textParsers } from './type-parsers.ts';

const port = parentPort!;
const { dataDir, loadDataDir } = workerData as PgliteWorkerData;
// The main thread sends PostgreSQL's WebAssembly compiled when it has it, or nothing: then PGlite loads its own
// (pglite-thread.ts).
const { pgliteWasmModule, initdbWasmModule } = await new Promise<PgliteWasmMessage>((resolve) =>
  port.once('message', resolve),
);

/**
 * The tar as PGlite reads it (its `arrayBuffer()` and `type`), without a Blob: node's Blob.arrayBuffer() reads a
 * 70 MB Blob in small chunks and joins them, about a second of CPU per test database opened.
 */
function tarFile(bytes: ArrayBuffer): Blob {
  const file: Pick<Blob, 'type' | 'arrayBuffer'> = {
    type: 'application/x-tar',
    arrayBuffer: () => Promise.resolve(bytes),
  };
  return file as Blob;
}

/** Every field of PGlite's DatabaseError (code, constraint, detail, …) survives the trip as plain data. */
function serializeError(error: unknown): SerializedDbError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(error)) if (typeof value === 'string') fields[key] = value;
  return { message: error.message, fields };
}

try {
  const pglite = await PGlite.create({
    dataDir,
    loadDataDir: loadDataDir ? tarFile(loadDataDir) : undefined,
    pgliteWasmModule,
    initdbWasmModule,
    parsers: textParsers,
    // 16 MB of buffer pool instead of PostgreSQL's 128 MB: PGlite touches the whole pool at start, so every MB of it
    // is a MB of the server's RSS, and pages beyond it are one file read away (decisions 102, 165).
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  const prepared = createPreparedQueries(pglite);
  port.on('message', (request: PgliteRequest) => {
    if (request.kind === 'close') {
      pglite.close().then(
        () => port.postMessage({ id: request.id, closed: true } satisfies PgliteReply),
        (error: unknown) => port.postMessage({ id: request.id, error: serializeError(error) } satisfies PgliteReply),
      );
      return;
    }
    (request.begin ? prepared.queryAfterBegin : prepared.query)(request.sql, request.params).then(
      (result) => port.postMessage({ id: request.id, result } satisfies PgliteReply),
      (error: unknown) => port.postMessage({ id: request.id, error: serializeError(error) } satisfies PgliteReply),
    );
  });
  port.postMessage({ id: 0, ready: true } satisfies PgliteReply);
} catch (error) {
  port.postMessage({ id: 0, error: serializeError(error) } satisfies PgliteReply);
}

import { Worker } from 'node:worker_threads';
import type { ReportModel } from './report-document.tsx';

/**
 * From the TypeScript sources (tsx, vitest) the thread starts from a JavaScript shim that registers tsx; in
 * the esbuild bundle (`npm start`) from the compiled `pdf-worker.js` beside the server's chunks (build.ts).
 */
const workerEntry = new URL(import.meta.url).pathname.endsWith('.ts')
  ? new URL('./pdf-worker.mjs', import.meta.url)
  : new URL('./pdf-worker.js', import.meta.url);

export interface PdfRequest {
  id: number;
  model: ReportModel;
  options: { password?: string };
}
export type PdfReply = { id: number; pdf: Uint8Array } | { id: number; error: string };

interface Pending {
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

function failAll(error: Error) {
  for (const waiter of pending.values()) waiter.reject(error);
  pending.clear();
}

/** The one report thread, started on the first report: @react-pdf costs seconds and tens of MB to load. */
function thread(): Worker {
  if (worker) return worker;
  const started = new Worker(workerEntry);
  started.on('message', (reply: PdfReply) => {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (pending.size === 0) started.unref();
    if ('error' in reply) waiter.reject(new Error(`The report could not be drawn: ${reply.error}`));
    else waiter.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
  });
  started.on('error', (error) => failAll(new Error(`The report thread failed: ${error.message}`, { cause: error })));
  // A crashed thread is replaced on the next report.
  started.on('exit', (code) => {
    if (worker === started) worker = undefined;
    failAll(new Error(`The report thread exited (code ${code})`));
  });
  worker = started;
  return started;
}

/**
 * Draws a report PDF in a worker thread. @react-pdf lays out and compresses the document synchronously
 * for hundreds of milliseconds; on the main thread that stalled every other request (issue 11: /web/health
 * p99 of seconds while two reports were drawn). The thread keeps the process alive only while a report is
 * being drawn, so scripts and tests still exit.
 */
export function renderReportPdf(model: ReportModel, options: { password?: string } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    const target = thread();
    target.ref();
    target.postMessage({ id, model, options } satisfies PdfRequest);
  });
}

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { sourceWorkerEntry } from '@medida/db';
import type { ReportModel } from './report-document.tsx';
import type { RenderJob, RenderReply } from './report-render.worker.ts';

/** The pool is full: the caller answers 503 with Retry-After (issue 10 item 1). */
export class ReportQueueFullError extends Error {
  override name = 'ReportQueueFullError';
}

export interface ReportPool {
  render(model: ReportModel, options?: { password?: string }): Promise<Buffer>;
  /** Jobs waiting for a worker and jobs being rendered. */
  readonly load: { queued: number; running: number };
  close(): Promise<void>;
}

/** One per CPU, less one for the API's own thread; at least one. */
export const defaultReportWorkers = () => Math.max(1, availableParallelism() - 1);

interface Pending {
  job: RenderJob;
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}

/**
 * From the sources (tsx, vitest) a bundle of the TypeScript worker (sourceWorkerEntry, decision 263); in the esbuild
 * bundle that `npm start` runs, the worker is its own entry next to this chunk (build.ts).
 */
function workerEntry(): URL | Promise<URL> {
  return import.meta.url.endsWith('.ts')
    ? sourceWorkerEntry(new URL('./report-render.worker.ts', import.meta.url))
    : new URL('./report-worker.js', import.meta.url);
}

/**
 * Renders report PDFs off the main thread: a PDF took ~700 ms of the event loop and 20 of them pushed
 * every account's requests to ~1 s. Workers start on first use and are replaced if one dies.
 */
export function createReportPool(options: { size: number; queueLimit: number }): ReportPool {
  const idle: Worker[] = [];
  const busy = new Map<Worker, Pending>();
  const queue: Pending[] = [];
  let started = 0;
  let nextId = 1;
  let closed = false;
  // Known at once in the compiled server; from the sources once bundled, and the jobs queued meanwhile wait for it.
  const found = workerEntry();
  let entry = found instanceof URL ? found : undefined;
  let entryFailed: Error | undefined;
  if (!entry)
    void (found as Promise<URL>).then(
      (url) => {
        entry = url;
        dispatch();
      },
      (error: unknown) => {
        entryFailed = error instanceof Error ? error : new Error(String(error));
        for (const pending of queue.splice(0)) pending.reject(entryFailed);
      },
    );

  function spawn(url: URL): Worker {
    started++;
    const worker = new Worker(url);
    worker.on('message', (reply: RenderReply) => {
      const pending = busy.get(worker);
      busy.delete(worker);
      if (pending) {
        if ('pdf' in reply) pending.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
        else pending.reject(new Error(`report rendering failed: ${reply.error}`));
      }
      idle.push(worker);
      dispatch();
    });
    worker.on('error', (error) => {
      busy.get(worker)?.reject(error);
      busy.delete(worker);
    });
    worker.on('exit', () => {
      started--;
      busy.get(worker)?.reject(new Error('report worker exited'));
      busy.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      if (!closed) dispatch();
    });
    return worker;
  }

  function dispatch() {
    if (!entry || closed) return;
    while (queue.length > 0) {
      const worker = idle.pop() ?? (started < options.size ? spawn(entry) : undefined);
      if (!worker) return;
      const pending = queue.shift()!;
      busy.set(worker, pending);
      worker.postMessage(pending.job);
    }
  }

  return {
    render(model, renderOptions = {}) {
      if (closed) return Promise.reject(new Error('report pool closed'));
      if (entryFailed) return Promise.reject(entryFailed);
      if (queue.length >= options.queueLimit) return Promise.reject(new ReportQueueFullError());
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ job: { id: nextId++, model, password: renderOptions.password }, resolve, reject });
        dispatch();
      });
    },
    get load() {
      return { queued: queue.length, running: busy.size };
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error('report pool closed'));
      await Promise.all([...idle, ...busy.keys()].map((w) => w.terminate()));
    },
  };
}

/** Messages between the main thread (pglite-thread.ts) and the database thread (pglite-worker.ts). */

export interface PgliteWorkerData {
  dataDir?: string | undefined;
  /** A `dumpDataDir` tarball to start from (test templates), moved to the worker as bytes. */
  loadDataDir?: ArrayBuffer | undefined;
  /** Compiled once in the main thread (pglite-thread.ts); a thread that gets them skips compiling. */
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
}

export type PgliteRequest =
  { kind: 'query'; id: number; sql: string; params: unknown[] } | { kind: 'close'; id: number };

export interface PgliteQueryResult {
  rows: unknown[];
  command?: string | undefined;
  rowCount?: number | undefined;
  affectedRows?: number | undefined;
}

export interface SerializedDbError {
  message: string;
  /** PostgreSQL's error fields (code, constraint, detail, …). */
  fields: Record<string, string>;
}

/** id 0 answers the start: ready, or the error that prevented it. */
export type PgliteReply =
  | { id: number; result: PgliteQueryResult }
  | { id: number; error: SerializedDbError }
  | { id: number; ready: true }
  | { id: number; closed: true };

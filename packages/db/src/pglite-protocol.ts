/** Messages between the main thread (pglite-thread.ts) and the database thread (pglite-worker.ts). */
import type { PGliteOptions } from '@electric-sql/pglite';

export interface PgliteWorkerData {
  dataDir?: string | undefined;
  /** A `dumpDataDir` tarball to start from (test templates), moved to the worker as bytes. */
  loadDataDir?: ArrayBuffer | undefined;
}

/** PostgreSQL's WebAssembly, compiled once in the main thread (pglite-thread.ts): a thread that gets it skips compiling. */
export type PgliteWasmModules = Required<Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule'>>;

/** The thread's first message: the compiled modules, or none if compiling failed (PGlite then compiles its own). */
export type PgliteWasmMessage = { kind: 'wasm' } & Partial<PgliteWasmModules>;

export type PgliteRequest =
  /** `begin`: open a transaction first, and run the statement only if that worked (pglite-pool.ts). */
  { kind: 'query'; id: number; sql: string; params: unknown[]; begin?: true } | { kind: 'close'; id: number };

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

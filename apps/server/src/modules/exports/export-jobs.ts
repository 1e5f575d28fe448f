import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { ExportJob } from '@medida/contracts';
import type { Clock } from '../../lib/clock.ts';

/** One export being built or ready: visible only to the user who asked for it (decision 145). */
export interface ExportJobState {
  id: string;
  ownerId: number;
  clientId: number;
  status: ExportJob['status'];
  done: number;
  total: number;
  sizeBytes: number | null;
  fileName: string;
  filePath: string;
  expiresAt: Date | null;
}

export const toExportJob = (job: ExportJobState): ExportJob => ({
  id: job.id,
  client_id: job.clientId,
  status: job.status,
  done: job.done,
  total: job.total,
  size_bytes: job.sizeBytes,
  file_name: job.fileName,
  expires_at: job.expiresAt?.toISOString() ?? null,
});

/**
 * The export jobs of this server process and their ZIP files under `dir`. A ready ZIP is kept `ttlMs`,
 * then removed; the directory is emptied when the process starts and when the app closes, so no
 * client's data is left behind on disk.
 */
export function createExportJobs(options: { dir: string; clock: Clock; ttlMs: number }) {
  const jobs = new Map<string, ExportJobState>();
  const timers = new Set<NodeJS.Timeout>();
  rmSync(options.dir, { recursive: true, force: true });
  mkdirSync(options.dir, { recursive: true, mode: 0o700 });

  async function remove(job: ExportJobState) {
    jobs.delete(job.id);
    await rm(job.filePath, { force: true });
  }

  const expired = (job: ExportJobState) => job.expiresAt !== null && options.clock.now() >= job.expiresAt;

  return {
    create(ownerId: number, clientId: number, fileName: string): ExportJobState {
      const id = randomUUID();
      const job: ExportJobState = {
        id,
        ownerId,
        clientId,
        status: 'building',
        done: 0,
        total: 0,
        sizeBytes: null,
        fileName,
        filePath: path.join(options.dir, `${id}.zip`),
        expiresAt: null,
      };
      jobs.set(id, job);
      return job;
    },

    /** The job if this user started it and it has not expired; anybody else's is unknown. */
    find(ownerId: number, id: string): ExportJobState | undefined {
      const job = jobs.get(id);
      if (!job || job.ownerId !== ownerId) return undefined;
      if (expired(job)) {
        void remove(job);
        return undefined;
      }
      return job;
    },

    building: (ownerId: number) => [...jobs.values()].some((j) => j.ownerId === ownerId && j.status === 'building'),

    ready(job: ExportJobState, sizeBytes: number) {
      job.status = 'ready';
      job.sizeBytes = sizeBytes;
      job.expiresAt = new Date(options.clock.now().getTime() + options.ttlMs);
      const timer = setTimeout(() => {
        timers.delete(timer);
        void remove(job);
      }, options.ttlMs);
      timer.unref();
      timers.add(timer);
    },

    async failed(job: ExportJobState) {
      job.status = 'failed';
      await rm(job.filePath, { force: true });
    },

    /** A job whose request failed before it started. */
    discard: remove,

    close() {
      for (const timer of timers) clearTimeout(timer);
      jobs.clear();
      rmSync(options.dir, { recursive: true, force: true });
    },
  };
}

export type ExportJobs = ReturnType<typeof createExportJobs>;

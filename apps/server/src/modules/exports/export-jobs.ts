import type { ExportJob } from '@medida/contracts';
import { HOUR, MINUTE } from '../../lib/clock.ts';
import { jobKind } from '../../lib/jobs.ts';
import type { ExportRow } from './exports.repository.ts';

/** How long a ready ZIP waits for its download before it is deleted. */
export const EXPORT_TTL_MS = 15 * MINUTE;
/** A build not finished by then is dead (every run of its job failed or was lost): the user may start another. */
export const EXPORT_BUILD_DEADLINE_MS = HOUR;

/**
 * Builds one export (decision 224). Retried twice: a run on an instance that died is handed to another after
 * `expireInSeconds`, and any run starts the ZIP again from the first file.
 */
export const EXPORT_BUILD = jobKind<{ id: string }>({
  name: 'export-build',
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 15 * 60,
});

/** Removes an export's row and ZIP when its time is up, on whichever instance is free. */
export const EXPORT_EXPIRE = jobKind<{ id: string }>({
  name: 'export-expire',
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 60,
});

export const toExportJob = (row: ExportRow): ExportJob => ({
  id: row.id,
  client_id: row.client_id,
  status: row.status,
  done: row.done,
  total: row.total,
  size_bytes: row.size_bytes,
  file_name: row.file_name,
  // While building, the row's expiry is the build's deadline: the client is told only when a ZIP will go.
  expires_at: row.status === 'ready' ? (row.expires_at?.toISOString() ?? null) : null,
});

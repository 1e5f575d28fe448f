import type { Config } from '../../config.ts';
import type { BlobStorage } from '../../lib/storage.ts';
import { createReportCache } from './report-cache.ts';
import { createReportPool, defaultReportWorkers, type ReportPool } from './report-pool.ts';

/** Reports waiting for a worker before new ones get 503 (~32 × 0.7 s of work per worker at most). */
const REPORT_QUEUE_LIMIT = 32;
/** Rendered PDFs kept in memory (a report is ~30–60 KB: about a thousand of them). */
const REPORT_CACHE_BYTES = 48 * 1024 * 1024;
/** Header logos kept in memory (a 160 px PNG is ~10–60 KB: some hundreds of professionals). */
const LOGO_CACHE_BYTES = 8 * 1024 * 1024;

/** The one worker pool and cache of report PDFs (decision 016), shared by downloads, e-mails and data exports. */
export interface ReportRenderer {
  pool: ReportPool;
  cache: ReturnType<typeof createReportCache>;
  logoCache: ReturnType<typeof createReportCache>;
  /** The avatars' blob store (decision 118): the professional's picture is the report's logo. */
  storage: BlobStorage;
}

export function createReportRenderer(config: Pick<Config, 'reportWorkers'>, storage: BlobStorage): ReportRenderer {
  return {
    pool: createReportPool({ size: config.reportWorkers ?? defaultReportWorkers(), queueLimit: REPORT_QUEUE_LIMIT }),
    cache: createReportCache(REPORT_CACHE_BYTES),
    logoCache: createReportCache(LOGO_CACHE_BYTES),
    storage,
  };
}

import { parentPort } from 'node:worker_threads';
import { renderReportPdf, type ReportModel } from './report-document.tsx';

/** One job at a time per worker: { id, model, password? } in, { id, pdf } or { id, error } out. */
export interface RenderJob {
  id: number;
  model: ReportModel;
  password?: string | undefined;
}
export type RenderReply = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort!.on('message', (job: RenderJob) => {
  renderReportPdf(job.model, job.password ? { password: job.password } : {}).then(
    (pdf) => {
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      parentPort!.postMessage({ id: job.id, pdf: bytes } satisfies RenderReply);
    },
    (error: unknown) =>
      parentPort!.postMessage({
        id: job.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies RenderReply),
  );
});

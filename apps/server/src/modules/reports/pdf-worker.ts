// The report thread (pdf-thread.ts): draws one PDF per message and sends its bytes back.
import { parentPort } from 'node:worker_threads';
import type { PdfReply, PdfRequest } from './pdf-thread.ts';
import { renderReportPdf } from './report-document.tsx';

const port = parentPort!;
port.on('message', (request: PdfRequest) => {
  renderReportPdf(request.model, request.options).then(
    (pdf) => {
      // A copy of its own: a small Buffer may share a pooled ArrayBuffer, which must not be transferred.
      const bytes = new Uint8Array(pdf);
      port.postMessage({ id: request.id, pdf: bytes } satisfies PdfReply, [bytes.buffer]);
    },
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies PdfReply),
  );
});

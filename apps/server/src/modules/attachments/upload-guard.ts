import { ErrorCode } from '@medida/contracts';
import type { FastifyRequest } from 'fastify';
import { pipeline, Readable, Transform } from 'node:stream';
import { AppError, tooManyRequests } from '../../lib/app-error.ts';
import { ScannerUnavailableError, scanWithClamav } from '../../lib/clamav.ts';
import { containsHtmlMarkup, type AllowedMimeType } from '../../lib/file-type.ts';
import { ImageRejectedError, reencodeImage } from '../../lib/images.ts';
import { inspectPdf } from '../../lib/pdf-active-content.ts';
import type { BlobStorage, StagedBlob } from '../../lib/storage.ts';
import type { AppDeps } from '../../types.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';

const requestTooLarge = () => new AppError(413, ErrorCode.payloadTooLarge, 'errors.uploadRequestTooLarge');
const tooManyPixels = () => new AppError(413, ErrorCode.payloadTooLarge, 'errors.imageTooManyPixels');
const unreadableImage = () => new AppError(415, ErrorCode.unsupportedMedia, 'errors.imageUnreadable');
const markup = () => new AppError(415, ErrorCode.unsupportedMedia, 'errors.attachmentMarkup');
const pdfActive = () => new AppError(415, ErrorCode.unsupportedMedia, 'errors.pdfActiveContent');
const pdfUninspectable = () => new AppError(415, ErrorCode.unsupportedMedia, 'errors.pdfUninspectable');
const infected = () => new AppError(422, ErrorCode.validation, 'errors.attachmentInfected');
const scannerDown = () =>
  new AppError(503, ErrorCode.internal, 'errors.virusScanUnavailable', { headers: { 'retry-after': '60' } });

/** Room for the form's text parts and multipart framing on top of the files' bytes. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;
const HOUR_MS = 3600_000;

/** What readUserForm asks before, while and after it stages each file of one request. */
export interface UploadGuard {
  /** Before the first file of the request: the uploader's hourly budget (429). */
  admit(): Promise<void>;
  /** Wraps a file stream: the request's files together may not exceed the configured bytes (413). */
  meter(source: Readable): Readable;
  /**
   * A staged file judged by content: HTML in it, active PDF content, a virus (when clamd is configured)
   * are refused; images come back re-encoded without metadata (a new staged blob; the old one is discarded).
   */
  inspect(staged: StagedBlob, mimeType: AllowedMimeType): Promise<StagedBlob>;
}

/** Upload limits and content checks (decision 054), built once per route plugin. */
export function createUploadGuards(deps: Pick<AppDeps, 'config' | 'db' | 'clock'>, storage: BlobStorage) {
  const limits = deps.config.uploads;
  const rateLimits = createRateLimitsService(deps);

  async function inspect(staged: StagedBlob, mimeType: AllowedMimeType): Promise<StagedBlob> {
    const data = await storage.readStaged(staged.key);
    if (containsHtmlMarkup(data)) throw markup();
    if (mimeType === 'application/pdf') {
      const verdict = inspectPdf(data);
      if (!verdict.ok) throw verdict.reason === 'active_content' ? pdfActive() : pdfUninspectable();
    }
    // Scanned as received: a signature matches the original bytes, not our re-encoding of them.
    if (limits.clamav) {
      try {
        if ((await scanWithClamav(data, limits.clamav)).infected) throw infected();
      } catch (error) {
        if (error instanceof ScannerUnavailableError) throw scannerDown();
        throw error;
      }
    }
    if (mimeType === 'application/pdf') return staged;
    let image;
    try {
      image = await reencodeImage(data, { maxPixels: limits.imageMaxPixels });
    } catch (error) {
      if (error instanceof ImageRejectedError)
        throw error.reason === 'too_many_pixels' ? tooManyPixels() : unreadableImage();
      throw error;
    }
    const clean = await storage.stage(Readable.from([image.data]));
    await storage.discard(staged.key);
    return clean;
  }

  return {
    /** One guard per request: the byte budget is shared by the request's files. */
    forRequest(request: FastifyRequest, uploaderId: number): UploadGuard {
      const declared = Number(request.headers['content-length']);
      // Refused before a byte is read when the client says up front that it is too big.
      if (Number.isFinite(declared) && declared > limits.requestMaxBytes + FORM_OVERHEAD_BYTES) throw requestTooLarge();
      let total = 0;
      return {
        async admit() {
          const decision = await rateLimits.consume('upload-user', String(uploaderId), [
            { limit: limits.requestsPerHour, windowMs: HOUR_MS },
          ]);
          if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds, 'errors.tooManyUploads');
        },
        // pipeline, not pipe: an error of the source (the per-file limit) reaches the reader too.
        meter: (source) =>
          pipeline(
            source,
            new Transform({
              transform(chunk: Buffer, _encoding, done) {
                total += chunk.length;
                if (total > limits.requestMaxBytes) done(requestTooLarge());
                else done(null, chunk);
              },
            }),
            () => {},
          ),
        inspect,
      };
    },
  };
}

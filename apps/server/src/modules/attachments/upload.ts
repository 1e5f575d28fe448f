import type {} from '@fastify/multipart';
import { ErrorCode, MAX_ATTACHMENT_BYTES, MAX_FILES_PER_REQUEST, MULTIPART_FIELD_MAX } from '@medida/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { detectFileType, sanitizeFileName, type AllowedMimeType } from '../../lib/file-type.ts';
import type { BlobStorage, StagedBlob } from '../../lib/storage.ts';
import { controlCharacterPaths, controlCharactersError } from '../../lib/control-characters.ts';
import type { UploadGuard } from './upload-guard.ts';

/** An upload written under a temporary name and checked by content; it becomes permanent on commit. */
export interface StagedFile extends StagedBlob {
  originalName: string;
  mimeType: AllowedMimeType;
}

/** @fastify/multipart limits: a file of MAX_ATTACHMENT_BYTES or more is cut and refused (spec §5). */
export const MULTIPART_LIMITS = {
  fileSize: MAX_ATTACHMENT_BYTES - 1,
  files: MAX_FILES_PER_REQUEST,
  fields: 60,
  fieldSize: MULTIPART_FIELD_MAX,
  parts: 80,
  headerPairs: 200,
};

const FILE_FIELDS = new Set(['files[]', 'files']);
/**
 * Multipart text parts have no types: these name the form's whole-number fields, which become numbers when
 * they are decimal digits (anything else stays text and the schema refuses it, issue 10 item 10).
 */
const INTEGER_FIELDS = new Set([
  'type',
  'id_usuario',
  'id_uploader',
  'parent_user_id',
  'company_id',
  'pais_id',
  'region_id',
  'comuna_id',
]);
const formValue = (name: string, value: unknown) =>
  INTEGER_FIELDS.has(name) && typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;

const fileTooLarge = () => new AppError(413, ErrorCode.payloadTooLarge, 'errors.maxFileSizeAdvice');
const badFileType = () => new AppError(415, ErrorCode.unsupportedMedia, 'errors.attachmentType');
const emptyFile = () => new AppError(415, ErrorCode.unsupportedMedia, 'errors.attachmentEmpty');

/**
 * Reads a user form sent as JSON or as multipart. Files are streamed to temporary blobs and judged
 * by their first bytes, then by the guard (request budget, rate, content checks, re-encoding); on any
 * failure every staged blob is removed before the error propagates.
 */
export async function readUserForm(
  request: FastifyRequest,
  storage: BlobStorage,
  guard: UploadGuard,
): Promise<{ fields: Record<string, unknown>; files: StagedFile[] }> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body)))
      throw fieldError('body', 'validation.invalid');
    return { fields: { ...(body as Record<string, unknown> | undefined) }, files: [] };
  }
  // No prototype: a part named `__proto__` or `toString` is a field like any other, refused as unknown.
  const fields = Object.create(null) as Record<string, unknown>;
  const files: StagedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (Object.hasOwn(fields, part.fieldname)) throw fieldError(part.fieldname, 'validation.duplicateField');
        const bad = controlCharacterPaths({ [part.fieldname]: part.value });
        if (bad.length > 0) throw controlCharactersError(bad);
        fields[part.fieldname] = formValue(part.fieldname, part.value);
        continue;
      }
      if (!FILE_FIELDS.has(part.fieldname)) {
        part.file.resume();
        throw fieldError(part.fieldname, 'validation.unknownField');
      }
      if (files.length === 0) await guard.admit();
      const staged = await storage.stage(guard.meter(part.file));
      if (part.file.truncated) {
        await storage.discard(staged.key);
        throw fileTooLarge();
      }
      // Staged first so a rejected file is cleaned up with the rest.
      const mimeType = detectFileType(staged.head);
      const file = {
        ...staged,
        originalName: sanitizeFileName(part.filename),
        mimeType: mimeType ?? 'application/pdf',
      };
      files.push(file);
      if (staged.size === 0) throw emptyFile();
      if (!mimeType) throw badFileType();
      const checked = await guard.inspect(staged, mimeType);
      files[files.length - 1] = { ...file, ...checked };
    }
  } catch (error) {
    await discardAll(storage, files);
    if (isMultipartError(error, 'FST_REQ_FILE_TOO_LARGE')) throw fileTooLarge();
    if (isMalformedMultipart(error)) throw malformedBody();
    throw error;
  }
  return { fields, files };
}

export async function discardAll(storage: BlobStorage, files: readonly StagedFile[]): Promise<void> {
  await Promise.all(files.map((f) => storage.discard(f.key)));
}

const malformedBody = () => new AppError(400, ErrorCode.badRequest, 'errors.malformedBody');

/**
 * busboy's parse errors ("Multipart: Boundary not found", "Unexpected end of form", "Malformed part
 * header"…) carry no status and became 500s (issue 10 item 6): they are the client's bad body, a 400.
 * Errors with a status keep it (413 limits, 406 not multipart); file-system errors (`code` E…) stay 500.
 */
function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof AppError) return false;
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
  if (typeof statusCode === 'number') return false;
  return !(typeof code === 'string' && /^E[A-Z]+$/.test(code));
}

function isMultipartError(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

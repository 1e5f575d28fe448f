import { ErrorCode, type FieldErrors } from '@medida/contracts';

/**
 * A failure the client should see. `key` is a translation key (apps/server/src/i18n); for
 * validation, `fields` maps dotted field names to translation keys. The error handler renders it
 * into the one error envelope.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly key: string,
    readonly extra: { fields?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const unauthenticated = () => new AppError(401, ErrorCode.unauthenticated, 'errors.unauthenticated');
export const forbidden = () => new AppError(403, ErrorCode.forbidden, 'errors.forbidden');
export const notFound = () => new AppError(404, ErrorCode.notFound, 'errors.notFound');
export const fieldError = (field: string, key: string) =>
  new AppError(422, ErrorCode.validation, 'errors.validation', { fields: { [field]: [key] } });
export const tooManyRequests = (retryAfterSeconds: number, key = 'errors.tooManyRequests') =>
  new AppError(429, ErrorCode.tooManyRequests, key, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

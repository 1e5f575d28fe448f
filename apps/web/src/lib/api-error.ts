import type { FieldErrors } from '@medida/contracts/errors';

export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'invalid_response';

/** Every failed API call becomes one of these, shaped like the server's error envelope. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code: string;
  readonly key: string | undefined;
  /** 422 only: `{ field: [translated messages] }`. */
  readonly fieldErrors: FieldErrors | undefined;
  /** 429 only: seconds from the Retry-After header. */
  readonly retryAfter: number | undefined;

  constructor(init: {
    kind: ApiErrorKind;
    status: number;
    code: string;
    message: string;
    key?: string | undefined;
    fieldErrors?: FieldErrors | undefined;
    retryAfter?: number | undefined;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.key = init.key;
    this.fieldErrors = init.fieldErrors;
    this.retryAfter = init.retryAfter;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * Turns a non-2xx answer into an ApiError; bodies that are not our envelope (a proxy's 502) still parse.
 * The envelope's schema (and zod) loads with the first error, not with the login page (issue 11); if even
 * that chunk cannot load, the answer is reported by its status alone.
 */
export async function parseErrorResponse(
  status: number,
  bodyText: string,
  retryAfterHeader: string | null = null,
): Promise<ApiError> {
  let json: unknown;
  try {
    json = bodyText ? JSON.parse(bodyText) : undefined;
  } catch {
    json = undefined;
  }
  const parsed = await import('@medida/contracts/errors').then(
    ({ errorEnvelopeSchema }) => errorEnvelopeSchema.safeParse(json),
    () => null,
  );
  const retryAfter = parseRetryAfter(retryAfterHeader);
  if (!parsed?.success) {
    return new ApiError({ kind: 'http', status, code: `http_${status}`, message: `HTTP ${status}`, retryAfter });
  }
  const { code, key, message } = parsed.data.error;
  if (typeof message === 'string') {
    return new ApiError({ kind: 'http', status, code, key, message, retryAfter });
  }
  const first = Object.values(message).find((list) => list.length > 0)?.[0] ?? code;
  return new ApiError({ kind: 'http', status, code, key, message: first, fieldErrors: message, retryAfter });
}

/** Spec §8: these statuses on an authenticated call end the session. */
export function isSessionEndingStatus(status: number): boolean {
  return status === 400 || status === 401 || status === 403;
}

/** First message per field, the shape Mantine's form.setErrors expects. */
export function firstFieldErrors(fieldErrors: FieldErrors | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors ?? {})) {
    if (messages[0]) out[field] = messages[0];
  }
  return out;
}

import { z } from 'zod';

/**
 * The one error envelope of the API (architecture §Conventions 3).
 * - `code` is stable and machine-readable.
 * - `message` is the translated text for the request's language; for validation failures (422)
 *   it is the field map the spec names: `{ field: [translated messages] }`.
 * - `key` is the translation key the web app can use instead of the server's text.
 */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    key: z.string().optional(),
    message: z.union([z.string(), fieldErrorsSchema]),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const ErrorCode = {
  validation: 'validation_failed',
  /** Malformed JSON, forbidden keys such as __proto__, or a body that is not JSON at all. */
  badRequest: 'bad_request',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  notFound: 'not_found',
  invalidCredentials: 'invalid_credentials',
  tooManyRequests: 'too_many_requests',
  resetTokenInvalid: 'reset_token_invalid',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  unsupportedMedia: 'unsupported_media_type',
  internal: 'internal_error',
  /** A bounded resource (the report workers' queue) is full: try again after Retry-After. */
  busy: 'busy',
  /** GET /web/ready: this instance should get no traffic now (a check failed, or it is shutting down). */
  notReady: 'not_ready',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const messageSchema = z.object({ message: z.string() });
/** For endpoints that answer {} or {message}: both are fine. */
export const okSchema = z.object({ message: z.string().optional() }).passthrough();

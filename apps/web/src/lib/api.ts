import type { z } from 'zod';
import { ApiError, isSessionEndingStatus, parseErrorResponse } from './api-error.ts';
import { API_TIMEOUT_MS } from './constants.ts';
import { takeEarlyRequest } from './early-requests.ts';
import { getToken } from './storage.ts';

export interface ApiRequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Validates the success body; the call resolves to its output type. */
  schema: S;
  signal?: AbortSignal | undefined;
  /**
   * Whether a 400/401/403 ends the session (spec §8). Off for calls that answer those statuses as
   * ordinary form errors: the login itself, public pages, and the change of password (wrong current one).
   */
  endsSessionOnAuthError?: boolean;
  timeoutMs?: number;
}

interface ApiHooks {
  /** The language the user reads, sent as Accept-Language so server messages come back translated. */
  getLanguage: () => string;
  /** Called once per session-ending answer: clear the token and go back to Login. */
  onSessionEnded: () => void;
}

let hooks: ApiHooks = { getLanguage: () => 'es', onSessionEnded: () => undefined };
export function configureApi(next: ApiHooks): void {
  hooks = next;
}

function buildUrl(path: string, query: ApiRequestOptions<z.ZodType>['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Rejects when the signal aborts (our timeout or the caller's cancellation) like an aborted fetch. */
function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) =>
    signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true }),
  );
}

type SendOptions = Omit<ApiRequestOptions<z.ZodType>, 'schema'>;

/** The shared transport: headers, 30 s timeout, caller cancellation, and every failure as an ApiError. */
async function send(path: string, options: SendOptions, accept: string): Promise<Response> {
  const { method = 'GET', query, body, signal, endsSessionOnAuthError = true, timeoutMs = API_TIMEOUT_MS } = options;
  const token = getToken();
  const headers: Record<string, string> = {
    Accept: accept,
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': hooks.getLanguage(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';

  // One controller aborts on our timeout or on the caller's signal (TanStack Query cancellation).
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });

  const url = buildUrl(path, query);
  const request = () =>
    fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: controller.signal,
    });
  // The first screen's GETs may already be on their way (index.html's inline script): same URL, same token.
  const early = method === 'GET' && token ? takeEarlyRequest(url) : undefined;
  let response: Response;
  try {
    response = await (early ? Promise.race([early.catch(request), untilAborted(controller.signal)]) : request());
  } catch (error) {
    if (timedOut) throw new ApiError({ kind: 'timeout', status: 0, code: 'timeout', message: 'Request timed out' });
    if (signal?.aborted) throw error; // the caller cancelled: let it see its own AbortError
    throw new ApiError({ kind: 'network', status: 0, code: 'network_error', message: 'Network error' });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }

  if (!response.ok) {
    const error = await parseErrorResponse(response.status, await response.text(), response.headers.get('Retry-After'));
    if (endsSessionOnAuthError && token && isSessionEndingStatus(response.status)) hooks.onSessionEnded();
    throw error;
  }
  return response;
}

/** Typed fetch for the /web API: bearer token, XHR marker, language, 30 s timeout, one error type. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: ApiRequestOptions<S>,
): Promise<z.output<S>> {
  const response = await send(path, options, 'application/json');
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    throw new ApiError({
      kind: 'invalid_response',
      status: response.status,
      code: 'invalid_response',
      message: 'Invalid JSON',
    });
  }
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError({
      kind: 'invalid_response',
      status: response.status,
      code: 'invalid_response',
      message: parsed.error.message,
    });
  }
  return parsed.data;
}

/** The file name a Content-Disposition header offers (RFC 6266 filename* first), if any. */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || undefined;
}

/**
 * A binary download through the same transport (the bearer header, never a token in a URL).
 * Resolves to the body and the server's file name.
 */
export async function apiDownload(
  path: string,
  options: SendOptions = {},
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const response = await send(path, options, '*/*');
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')),
  };
}

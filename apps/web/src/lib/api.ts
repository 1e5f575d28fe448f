import type { z } from 'zod';
import { ApiError, isSessionEndingStatus, parseErrorResponse } from './api-error.ts';
import { API_TIMEOUT_MS } from './constants.ts';
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

/** Typed fetch for the /web API: bearer token, XHR marker, language, 30 s timeout, one error type. */
export async function apiRequest<S extends z.ZodType>(path: string, options: ApiRequestOptions<S>): Promise<z.output<S>> {
  const { method = 'GET', query, body, schema, signal, endsSessionOnAuthError = true, timeoutMs = API_TIMEOUT_MS } = options;
  const token = getToken();
  const headers: Record<string, string> = {
    Accept: 'application/json',
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

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new ApiError({ kind: 'timeout', status: 0, code: 'timeout', message: 'Request timed out' });
    if (signal?.aborted) throw error; // the caller cancelled: let it see its own AbortError
    throw new ApiError({ kind: 'network', status: 0, code: 'network_error', message: 'Network error' });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }

  const text = await response.text();
  if (!response.ok) {
    const error = parseErrorResponse(response.status, text, response.headers.get('Retry-After'));
    if (endsSessionOnAuthError && token && isSessionEndingStatus(response.status)) hooks.onSessionEnded();
    throw error;
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    throw new ApiError({ kind: 'invalid_response', status: response.status, code: 'invalid_response', message: 'Invalid JSON' });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError({ kind: 'invalid_response', status: response.status, code: 'invalid_response', message: parsed.error.message });
  }
  return parsed.data;
}

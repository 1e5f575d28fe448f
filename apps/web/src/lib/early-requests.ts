/**
 * GETs index.html's inline script started before the entry ran (app/first-screen.ts, decision 107): the
 * signed-in first screen's session user, dashboard figures and profile, keyed by the URL lib/api.ts builds.
 */
export type EarlyRequests = Record<string, Promise<Response>>;

/** Where the inline script leaves them (a property of `window`). */
export const EARLY_REQUESTS_KEY = '__medidaEarly';

/** The early answer for this URL, once: a later call of the same URL asks the server again. */
export function takeEarlyRequest(url: string): Promise<Response> | undefined {
  const early = (globalThis as Record<string, unknown>)[EARLY_REQUESTS_KEY] as EarlyRequests | undefined;
  const found = early?.[url];
  if (found) delete early[url];
  return found;
}

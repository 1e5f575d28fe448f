import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../lib/clock.ts';
import { createResponseStore, type ResponseStore } from '../lib/response-store.ts';

export interface ResponseCacheOptions {
  /** 0 turns the cache off. */
  maxBytes: number;
  ttlMs: number;
  clock: Clock;
}

/** The validated query with its keys sorted and unset ones left out: equal queries give equal keys. */
function normalizedQuery(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const q = query as Record<string, unknown>;
  return JSON.stringify(
    Object.keys(q)
      .filter((k) => q[k] !== undefined)
      .sort()
      .map((k) => [k, q[k]]),
  );
}

/**
 * Everything an opted-in answer depends on (decision 160): the route, who asks, what exactly, in which
 * language, on which day, and the account's data version read with the session in this very request.
 */
function cacheKey(request: FastifyRequest, today: string): string | null {
  const auth = request.auth;
  if (!auth) return null;
  return [
    request.routeOptions.url,
    auth.userId,
    auth.dataVersion,
    request.lang,
    today,
    normalizedQuery(request.query),
  ].join('\u0000');
}

/**
 * Answers GET routes that declare `config.responseCache` from memory when the same actor asked the same
 * thing at the same account data version (decision 160). Runs after authentication (the session statement
 * runs on every request, so a revoked session is still a 401) and validation; a hit goes out through the
 * same onSend hooks as a miss (security headers, compression, the audit trail's read event).
 */
async function responseCachePlugin(app: FastifyInstance, options: ResponseCacheOptions) {
  const store: ResponseStore = createResponseStore({
    maxBytes: options.maxBytes,
    ttlMs: options.ttlMs,
    now: () => options.clock.now().getTime(),
  });
  app.decorate('responseCache', store);
  if (!store.enabled) return;
  const keys = new WeakMap<FastifyRequest, string>();

  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.responseCache !== true || request.method !== 'GET' || !request.auth) return;
    const key = cacheKey(request, options.clock.now().toISOString().slice(0, 10));
    if (!key) return;
    const hit = store.get(key, request.auth.accountId, request.auth.dataVersion);
    if (!hit) {
      keys.set(request, key);
      return;
    }
    return reply.code(200).type(hit.contentType).send(hit.body);
  });

  // Before compression's onSend (registered after this plugin): the serialized JSON, not its encoding.
  app.addHook('onSend', async (request, reply, payload) => {
    const key = keys.get(request);
    if (key === undefined || reply.statusCode !== 200 || typeof payload !== 'string' || !request.auth) return payload;
    const contentType = reply.getHeader('content-type');
    if (typeof contentType !== 'string') return payload;
    store.set(key, request.auth.accountId, request.auth.dataVersion, { body: payload, contentType });
    return payload;
  });
}

export const responseCache = fp(responseCachePlugin, { name: 'response-cache' });

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../lib/clock.ts';
import { createResponseStore, type ResponseStore } from '../lib/response-store.ts';
import type { RequestAuth } from '../types.ts';

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

/** Who asks, in which language, on which day, at which data version of the account: both keys start with it. */
const askedAs = (request: FastifyRequest, auth: RequestAuth, today: string) =>
  [request.routeOptions.url, auth.userId, auth.dataVersion, request.lang, today].join('\u0000');

/**
 * Everything an opted-in answer depends on (decision 160): the route, who asks, what exactly, in which
 * language, on which day, and the account's data version read with the session in this very request. A chat read
 * (decision 239) also depends on the user's chat version, read in the same statement, and on its body.
 */
function cacheKey(request: FastifyRequest, auth: RequestAuth, today: string) {
  const key = `${askedAs(request, auth, today)}\u0000${normalizedQuery(request.query)}`;
  return request.routeOptions.config.responseCache === 'chat'
    ? `${key}\u0000${auth.chatVersion}\u0000${normalizedQuery(request.body)}`
    : key;
}

/** Whether the cache may answer this request: a GET of a route that opted in, or a read of the chat (decision 239). */
function cacheable(request: FastifyRequest): boolean {
  const mode = request.routeOptions.config.responseCache;
  if (mode === 'chat') return request.method === 'GET' || request.method === 'POST';
  return mode === true && request.method === 'GET';
}

/** The same with the query string as sent, known before validation (decision 172: held reads). */
function sentKey(request: FastifyRequest, auth: RequestAuth, today: string) {
  const query = request.url.indexOf('?');
  return `${askedAs(request, auth, today)}\u0001${query < 0 ? '' : request.url.slice(query + 1)}`;
}

/** How many query strings as sent are remembered with the key their validated query got; the oldest go first. */
const SENT_KEYS = 20_000;

/**
 * Answers GET routes that declare `config.responseCache` from memory when the same actor asked the same
 * thing at the same account data version (decision 160), and the chat's reads at the same chat version too
 * (decision 239). Runs after authentication (the session statement runs on every request, so a revoked session is
 * still a 401) and validation; a hit goes out through the same onSend hooks as a miss (security headers,
 * compression, the audit trail's read event).
 */
async function responseCachePlugin(app: FastifyInstance, options: ResponseCacheOptions) {
  const store: ResponseStore = createResponseStore({
    maxBytes: options.maxBytes,
    ttlMs: options.ttlMs,
    now: () => options.clock.now().getTime(),
  });
  const today = () => options.clock.now().toISOString().slice(0, 10);
  // A stored answer's key, by the query string its request sent: the auth hook asks before validation.
  const keysAsSent = new Map<string, string>();
  app.decorate('responseCache', store);
  app.decorate('heldAnswer', (request: FastifyRequest, auth: RequestAuth) => {
    if (request.routeOptions.config.responseCache !== true || request.method !== 'GET') return undefined;
    const key = keysAsSent.get(sentKey(request, auth, today()));
    return key === undefined ? undefined : store.peek(key, auth.accountId, auth.dataVersion);
  });
  // Requests answered from memory in preHandler. Fastify resumes the chain once the answer has left, or once the
  // client has gone (a premature close): then the handler would run and send a second answer.
  const answeredEarly = new WeakSet<FastifyRequest>();
  app.addHook('onRoute', (route) => {
    if (!route.config?.responseCache) return;
    const handler = route.handler;
    route.handler = function answerOnce(request, reply) {
      return answeredEarly.has(request) ? reply : handler.call(this, request, reply);
    };
  });
  if (!store.enabled) return;
  const keys = new WeakMap<FastifyRequest, string>();
  function rememberAsSent(request: FastifyRequest, auth: RequestAuth, key: string) {
    // Only held reads (GETs keyed by the account's version) are looked up by the query string as sent.
    if (request.routeOptions.config.responseCache !== true) return;
    const sent = sentKey(request, auth, today());
    keysAsSent.delete(sent);
    keysAsSent.set(sent, key);
    if (keysAsSent.size > SENT_KEYS) keysAsSent.delete(keysAsSent.keys().next().value!);
  }

  app.addHook('preHandler', async (request, reply) => {
    // A held read (decision 172): its event was stored with the session check, for this very answer.
    const held = request.recordedAnswer;
    if (held) {
      store.countHit();
      answeredEarly.add(request);
      return reply.code(200).type(held.contentType).send(held.body);
    }
    if (!cacheable(request) || !request.auth) return;
    const key = cacheKey(request, request.auth, today());
    const hit = store.get(key, request.auth.accountId, request.auth.dataVersion);
    if (!hit) {
      keys.set(request, key);
      return;
    }
    rememberAsSent(request, request.auth, key);
    answeredEarly.add(request);
    return reply.code(200).type(hit.contentType).send(hit.body);
  });

  // Before compression's onSend (registered after this plugin): the serialized JSON, not its encoding.
  app.addHook('onSend', async (request, reply, payload) => {
    const key = keys.get(request);
    if (key === undefined || reply.statusCode !== 200 || typeof payload !== 'string' || !request.auth) return payload;
    const contentType = reply.getHeader('content-type');
    if (typeof contentType !== 'string') return payload;
    // What the answer is a read of, from the validated request, so a held read's event names the same object.
    const auditTarget = request.routeOptions.config.audit?.target?.(request, () => undefined);
    store.set(key, request.auth.accountId, request.auth.dataVersion, { body: payload, contentType, auditTarget });
    rememberAsSent(request, request.auth, key);
    return payload;
  });
}

export const responseCache = fp(responseCachePlugin, { name: 'response-cache' });

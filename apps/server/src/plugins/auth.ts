import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@medida/contracts';
import { AppError, unauthenticated } from '../lib/app-error.ts';
import { auditEventOf, type AuditEventInput } from '../lib/audit-route.ts';
import { languageFromHeader } from '../lib/i18n.ts';
import type { StoredResponse } from '../lib/response-store.ts';
import type { RequestAuth, RouteAccess } from '../types.ts';

/** `Authorization: Bearer <token>`; anything else is no token. */
function bearerToken(header: string | undefined): string | null {
  return /^Bearer ([^\s]+)$/i.exec(header?.trim() ?? '')?.[1] ?? null;
}

export interface AuthPluginOptions {
  /** The live session behind a bearer token, or null (injected by buildApp: plugins never import modules). */
  authenticate: (token: string) => Promise<RequestAuth | null>;
  /**
   * Held reads (decision 172): for a GET that the response cache may answer and the audit trail records, the
   * session check that also appends the read's event when the answer held for the session as last known is still
   * that session's (sessions service), and the answer held for a request as a given session (response cache).
   */
  heldReads?: {
    authenticate: (
      token: string,
      eventFor: (known: RequestAuth) => AuditEventInput | undefined,
    ) => Promise<{ auth: RequestAuth | null; recorded: boolean }>;
    answerFor: (request: FastifyRequest, auth: RequestAuth) => StoredResponse | undefined;
  };
}

/**
 * Whether a request may be a held read (decision 172): a GET whose answer the response cache keeps and whose read the
 * trail records, with the target in the request, on a route that asks nothing more of the session than being live.
 */
function mayBeHeldRead(request: FastifyRequest): boolean {
  const config = request.routeOptions.config;
  return (
    request.method === 'GET' &&
    config.responseCache === true &&
    config.audit?.action === 'read' &&
    config.audit.inTransaction !== true &&
    config.audit.target !== undefined &&
    config.verifiedEmail !== true &&
    config.duringPasswordChange !== true &&
    config.duringSecondFactorEnrolment !== true
  );
}

/**
 * A browser cannot set headers on a WebSocket, so an upgrade request carries the token as a
 * subprotocol `bearer.<token>` (contracts chat.ts); the server never echoes it back.
 */
function websocketToken(headers: { upgrade?: string | undefined; 'sec-websocket-protocol'?: string | undefined }) {
  if (headers.upgrade?.toLowerCase() !== 'websocket') return null;
  const protocols = (headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
  return protocols.find((p) => p.startsWith('bearer.'))?.slice('bearer.'.length) || null;
}

/**
 * Default deny (security.md R14): every /web route must declare `config.public` (boot fails
 * otherwise), and every route that is not explicitly public needs a valid, live bearer token.
 * Routes added by plugins outside the API (static files, the docs UI) are public.
 */
async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
  app.decorateRequest('lang', 'es');
  app.decorateRequest('auth', null);
  const routeAccess: RouteAccess[] = [];
  app.decorate('routeAccess', routeAccess);

  app.addHook('onRoute', (route) => {
    if (typeof route.config?.public === 'boolean') {
      for (const method of [route.method].flat())
        routeAccess.push({ method, url: route.url, public: route.config.public });
      return;
    }
    const isApi = route.url.startsWith('/web') && !route.url.startsWith('/web/docs');
    if (isApi) throw new Error(`Route ${String(route.method)} ${route.url} must declare config.public (true or false)`);
    route.config = { ...route.config, public: true };
  });

  /** The session; for a held read whose event went with the session check, the answer to send (`recordedAnswer`). */
  async function authenticate(request: FastifyRequest, token: string): Promise<RequestAuth | null> {
    const heldReads = options.heldReads;
    const spec = request.routeOptions.config.audit;
    if (!heldReads || !spec || !mayBeHeldRead(request)) return options.authenticate(token);
    let answer: StoredResponse | undefined;
    const { auth, recorded } = await heldReads.authenticate(token, (known) => {
      answer = heldReads.answerFor(request, known);
      // The object the held answer was stored as a read of (from its validated request).
      const target = answer?.auditTarget;
      return target ? auditEventOf(request, known, spec, target, 'success') : undefined;
    });
    if (recorded && answer) request.recordedAnswer = answer;
    return auth;
  }

  app.decorateRequest('recordedAnswer', null);
  app.addHook('onRequest', async (request) => {
    request.lang = languageFromHeader(request.headers['accept-language']);
    if (request.is404 || request.routeOptions.config.public === true) return;
    const token = bearerToken(request.headers.authorization) ?? websocketToken(request.headers);
    const auth = token ? await authenticate(request, token) : null;
    if (!auth) throw unauthenticated();
    request.auth = auth;
    // A temporary password (cambia_pass = 1) opens only the change itself: the app then forces it (spec §4).
    if (auth.mustChangePassword && request.routeOptions.config.duringPasswordChange !== true)
      throw new AppError(403, ErrorCode.forbidden, 'errors.passwordChangeRequired');
    // The account requires a second factor and this session has none: only its enrolment answers (decision 208).
    if (auth.secondFactorMissing && request.routeOptions.config.duringSecondFactorEnrolment !== true)
      throw new AppError(403, ErrorCode.forbidden, 'errors.secondFactorRequired');
    // An operator reads account metadata and ledgers through the console only, never clients' health data (decision
    // 229): every other route refuses it, but for its session, its password and its second factor's enrolment.
    const config = request.routeOptions.config;
    if (
      auth.operator &&
      config.operator !== true &&
      config.duringSecondFactorEnrolment !== true &&
      config.duringPasswordChange !== true
    )
      throw new AppError(403, ErrorCode.forbidden, 'errors.operatorConsoleOnly');
    // Before the body is read: an unconfirmed account's uploads never reach the disk.
    if (!auth.emailVerified && request.routeOptions.config.verifiedEmail === true)
      throw new AppError(403, ErrorCode.forbidden, 'errors.emailNotVerified');
  });
}

export const auth = fp(authPlugin, { name: 'auth' });

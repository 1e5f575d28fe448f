import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@medida/contracts';
import { AppError, unauthenticated } from '../lib/app-error.ts';
import { languageFromHeader } from '../lib/i18n.ts';
import type { RequestAuth, RouteAccess } from '../types.ts';

/** `Authorization: Bearer <token>`; anything else is no token. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer ([^\s]+)$/i.exec(header?.trim() ?? '');
  return match ? match[1]! : null;
}

export interface AuthPluginOptions {
  /** The live session behind a bearer token, or null (injected by buildApp: plugins never import modules). */
  authenticate: (token: string) => Promise<RequestAuth | null>;
}

/**
 * A browser cannot set headers on a WebSocket, so an upgrade request carries the token as a
 * subprotocol `bearer.<token>` (contracts chat.ts); the server never echoes it back.
 */
export function websocketToken(headers: {
  upgrade?: string | undefined;
  'sec-websocket-protocol'?: string | undefined;
}) {
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

  app.addHook('onRequest', async (request) => {
    request.lang = languageFromHeader(request.headers['accept-language']);
    if (request.is404 || request.routeOptions.config.public === true) return;
    const token = bearerToken(request.headers.authorization) ?? websocketToken(request.headers);
    const auth = token ? await options.authenticate(token) : null;
    if (!auth) throw unauthenticated();
    request.auth = auth;
    // A temporary password (cambia_pass = 1) opens only the change itself: the app then forces it (spec §4).
    if (auth.mustChangePassword && request.routeOptions.config.duringPasswordChange !== true)
      throw new AppError(403, ErrorCode.forbidden, 'errors.passwordChangeRequired');
    // Before the body is read: an unconfirmed account's uploads never reach the disk.
    if (!auth.emailVerified && request.routeOptions.config.verifiedEmail === true)
      throw new AppError(403, ErrorCode.forbidden, 'errors.emailNotVerified');
  });
}

export const auth = fp(authPlugin, { name: 'auth' });

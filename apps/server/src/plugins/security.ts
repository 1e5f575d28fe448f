import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PERMISSIONS_POLICY } from '../lib/response-headers.ts';
import { applyHeaderOperations, helmetHeaderOperations } from './security-headers.ts';

const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept-Language, X-Requested-With';

/**
 * Security headers for the SPA and the API (security.md R31). Mantine injects inline styles, so
 * 'unsafe-inline' is allowed for styles only; scripts come from our origin alone, plus index.html's own
 * inline script (the first screen's preloads, decision 107) allowed by its hash.
 */
async function securityPlugin(app: FastifyInstance, options: { corsOrigins: string[]; inlineScriptHashes?: string[] }) {
  // Helmet's headers, worked out once at start (security-headers.ts) and set on every response from onRequest.
  const helmetHeaders = helmetHeaderOperations({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...(options.inlineScriptHashes ?? []).map((hash) => `'${hash}'`)],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
      },
    },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    applyHeaderOperations(reply.raw, helmetHeaders);
    done();
  });

  // API answers may hold health data and tokens: never stored by browsers or proxies.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.url.startsWith('/web') && !request.url.startsWith('/web/docs'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  // CORS only for an explicit allowlist (the SPA is same-origin; Vite's dev server proxies /web).
  const allowed = new Set(options.corsOrigins);
  if (allowed.size === 0) return;
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    if (request.method === 'OPTIONS') {
      return reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE')
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', '600')
        .send();
    }
  });
}

export const security = fp(securityPlugin, { name: 'security' });

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A request's URL without its query string: searches and filters (`search=`, `filter_email=`, `filter_rut=`)
 * carry personal data and never reach the logs (issue 10 item 14). Bodies are never logged at all.
 */
export function redactedUrl(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : `${url.slice(0, q)}?[redacted]`;
}

/**
 * One compact access line per answered request instead of Fastify's two ("incoming request" and "request
 * completed", ~370 bytes together; issue 33 item 9, decision 213). A health check that answers 2xx is not logged:
 * load balancers ask every few seconds, and only a failing one is news.
 */
async function accessLogPlugin(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    if (status < 300 && request.url === '/web/health') return;
    request.log.info(
      {
        method: request.method,
        url: redactedUrl(request.url),
        status,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
  });
}

export const accessLog = fp(accessLogPlugin, { name: 'access-log' });

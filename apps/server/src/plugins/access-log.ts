import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A request's URL without its query string: searches and filters (`search=`, `filter_email=`, `filter_rut=`)
 * carry personal data and never reach the logs (issue 10 item 14). Bodies are never logged at all.
 */
export function redactedUrl(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : `${url.slice(0, q)}?[redacted]`;
}

/**
 * Fastify's request lines, compacted (issue 33 item 9, decision 213): nothing when a request comes in, one line
 * when it is answered (method, URL without its query, status, milliseconds, client address; pino adds the request
 * id) instead of the two of ~370 bytes. A health check answered below 300 is not logged: load balancers ask every
 * few seconds, and only a failing one is news. Fastify's extension point for its own lines (`logController`).
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    if (!error && status < 300 && request.url === '/web/health') return;
    const line = {
      method: request.method,
      url: redactedUrl(request.url),
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request');
    else reply.log.info(line, 'request');
  }
}

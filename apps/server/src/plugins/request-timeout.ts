import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Node's own requestTimeout stops counting once the request has been dispatched, so a body trickled one
 * byte at a time keeps a socket for ever (issue 10 item 11). A body still incomplete after `ms` gets a
 * 408 and the socket is closed.
 */
async function requestTimeoutPlugin(app: FastifyInstance, options: { ms: number }) {
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    if (raw.complete) return;
    const timer = setTimeout(() => {
      if (raw.complete || raw.destroyed || reply.raw.writableEnded) return;
      request.log.warn({ event: 'request_timeout' }, 'request body not received in time');
      if (!reply.raw.headersSent) reply.raw.writeHead(408, { connection: 'close', 'content-length': '0' }).end();
      // A real socket is closed once the 408 is flushed; an injected request has no socket to close.
      if (typeof raw.socket?.destroySoon === 'function') raw.socket.destroySoon();
      else raw.destroy();
    }, options.ms);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    reply.raw.once('finish', clear);
    reply.raw.once('close', clear);
  });
}

export const requestTimeout = fp(requestTimeoutPlugin, { name: 'request-timeout' });

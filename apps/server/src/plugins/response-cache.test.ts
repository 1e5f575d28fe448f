import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../lib/clock.ts';
import type { RequestAuth } from '../types.ts';
import { responseCache } from './response-cache.ts';

/**
 * Fastify resumes a preHandler that answered once the answer has left or once the client has gone (a premature
 * close). After a cached answer whose client left mid-send, the handler must not run and answer a second time
 * (a load run saw "Reply was already sent" and a second audited read).
 */
describe('response cache: an answer from memory is the only answer', () => {
  async function appWithCache(leavesOnSend?: number) {
    const app = Fastify();
    app.decorateRequest('auth', null);
    app.decorateRequest('recordedAnswer', null);
    await app.register(responseCache, { maxBytes: 1_000_000, ttlMs: 60_000, clock: systemClock });
    app.addHook('onRequest', async (request) => {
      request.auth = { userId: 1, accountId: 1, dataVersion: 1 } as RequestAuth;
    });
    let sends = 0;
    // After the cache's own onSend, as compression's is: the answer leaves as a stream, and on one send the client
    // goes away after its first bytes.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (++sends !== leavesOnSend || typeof payload !== 'string') return payload;
      const stream = new PassThrough();
      stream.write(payload.slice(0, 100));
      setTimeout(() => reply.raw.destroy(), 10);
      return stream;
    });
    let handled = 0;
    app.get('/cached', { config: { responseCache: true } }, async () => {
      handled += 1;
      return { rows: Array.from({ length: 200 }, (_, i) => ({ i, text: 'x'.repeat(20) })) };
    });
    return { app, handled: () => handled, sends: () => sends };
  }

  it('does not run the handler after a hit whose client left before the answer was sent', async () => {
    const { app, handled, sends } = await appWithCache(2);
    const errors: unknown[] = [];
    app.addHook('onError', async (_request, _reply, error) => void errors.push(error));
    expect((await app.inject('/cached')).statusCode).toBe(200);
    await app.inject('/cached').catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.responseCache.stats().hits).toBe(1);
    expect(handled()).toBe(1);
    expect(sends()).toBe(2);
    expect(errors).toEqual([]);
    await app.close();
  });

  it('still answers every hit whose client stays', async () => {
    const { app, handled } = await appWithCache();
    const bodies = [];
    for (let i = 0; i < 3; i++) bodies.push((await app.inject('/cached')).body);
    expect(new Set(bodies).size).toBe(1);
    expect(handled()).toBe(1);
    expect(app.responseCache.stats().hits).toBe(2);
    await app.close();
  });
});

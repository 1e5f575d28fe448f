import { request } from 'node:http';
import { CHAT_CLOSE } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChat } from '../test/chat-client.ts';
import { insertUser, login } from '../test/factories.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { shutdownGracefully } from './lifecycle.ts';

/** A request whose body is sent in two parts: in flight from the first to the second. */
function trickledLogin(baseUrl: string, body: string) {
  const url = new URL('/web/authenticate', baseUrl);
  const req = request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { answer, finish: () => req.end(body.slice(half)) };
}

/** Graceful shutdown (decision 222): ready 503 at once, sockets told 1001, in-flight work finished, then closed. */
describe('graceful shutdown', () => {
  let ctx: TestContext;
  let url: string;
  let token: string;
  let user: { email: string; password: string };

  beforeAll(async () => {
    ctx = await createTestApp({ SHUTDOWN_DRAIN_SECONDS: '10' });
    url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    user = await insertUser(ctx);
    token = await login(ctx.app, user);
  });
  afterAll(async () => {
    await ctx?.close().catch(() => undefined);
  });

  it('answers ready 503 at once, closes sockets with 1001, lets an in-flight request and background work finish', async () => {
    const socket = await connectChat(url, token);
    const inFlight = trickledLogin(url, JSON.stringify({ email: user.email, password: user.password }));
    // The request is routed (its body is on its way) before the shutdown starts.
    await new Promise((resolve) => setTimeout(resolve, 100));
    let backgroundDone = false;
    ctx.app.deps.background.run('slow job', async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      backgroundDone = true;
    });

    const shutdown = shutdownGracefully(ctx.app, { graceMs: 300, timeoutMs: 10_000, log: ctx.app.log });
    // During the grace period: not ready, still alive and still serving.
    const ready = await fetch(new URL('/web/ready', url));
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { error: { code: string } }).error.code).toBe('not_ready');
    expect((await fetch(new URL('/web/health', url))).status).toBe(200);

    // The socket is told the server is going away.
    const closed = await socket.closed;
    expect(closed).toEqual({ code: CHAT_CLOSE.goingAway, reason: 'server shutting down' });

    inFlight.finish();
    const answered = await inFlight.answer;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body).token).toEqual(expect.any(String));

    expect(await shutdown).toBe(true);
    expect(backgroundDone).toBe(true);
    // The listener is closed: no new connection is accepted.
    await expect(fetch(new URL('/web/health', url))).rejects.toThrow();
  });
});

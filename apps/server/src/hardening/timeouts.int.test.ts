import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '1' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});
afterAll(() => ctx?.close());

describe('slow bodies (issue 10 item 11)', () => {
  it('cuts off a trickled POST body once the request timeout passes, with a 408', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      'POST /web/authenticate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
    );
    // One byte every 100 ms: the socket is never idle, the body never completes.
    const trickle = setInterval(() => !socket.destroyed && socket.write(' '), 100);
    await closed;
    clearInterval(trickle);
    const heldFor = Date.now() - started;
    expect(heldFor).toBeLessThan(5_000);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });
});

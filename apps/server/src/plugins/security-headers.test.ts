import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { applyHeaderOperations, helmetHeaderOperations } from './security-headers.ts';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", "'sha256-abc'"],
      'frame-ancestors': ["'none'"],
    },
  },
  hsts: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginEmbedderPolicy: false,
};

function response() {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  res.setHeader('X-Powered-By', 'something');
  return res;
}

describe('prebuilt helmet headers', () => {
  it('leave a response exactly as helmet itself does, header for header', () => {
    const byHelmet = response();
    helmet(OPTIONS)(byHelmet.req, byHelmet, () => {});
    const replayed = response();
    applyHeaderOperations(replayed, helmetHeaderOperations(OPTIONS));
    expect(replayed.getHeaders()).toEqual(byHelmet.getHeaders());
    expect(replayed.getHeaderNames()).toEqual(byHelmet.getHeaderNames());
    expect(replayed.getHeader('x-powered-by')).toBeUndefined();
    expect(replayed.getHeader('content-security-policy')).toBe(
      "default-src 'self';script-src 'self' 'sha256-abc';frame-ancestors 'none'",
    );
  });

  it('refuse a CSP directive computed per request', () => {
    expect(() =>
      helmetHeaderOperations({
        contentSecurityPolicy: { useDefaults: false, directives: { 'script-src': [() => "'nonce-x'"] } },
      }),
    ).toThrow(/per request/);
  });
});

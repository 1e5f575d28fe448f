import { describe, expect, it } from 'vitest';
import { firstFieldErrors, isSessionEndingStatus, parseErrorResponse } from './api-error.ts';

describe('parseErrorResponse', () => {
  it('reads the error envelope', async () => {
    const error = await parseErrorResponse(
      401,
      JSON.stringify({
        error: { code: 'invalid_credentials', key: 'errors.invalidCredentials', message: 'Wrong e-mail or password' },
      }),
    );
    expect(error.status).toBe(401);
    expect(error.code).toBe('invalid_credentials');
    expect(error.key).toBe('errors.invalidCredentials');
    expect(error.message).toBe('Wrong e-mail or password');
    expect(error.fieldErrors).toBeUndefined();
  });

  it('keeps the 422 field map and uses its first message as the message', async () => {
    const body = {
      error: { code: 'validation_failed', message: { email: ['The e-mail is already registered'], nombre: [] } },
    };
    const error = await parseErrorResponse(422, JSON.stringify(body));
    expect(error.fieldErrors).toEqual(body.error.message);
    expect(error.message).toBe('The e-mail is already registered');
    expect(firstFieldErrors(error.fieldErrors)).toEqual({ email: 'The e-mail is already registered' });
  });

  it('reads Retry-After on 429, in seconds or as a date', async () => {
    const body = JSON.stringify({ error: { code: 'too_many_requests', message: 'Slow down' } });
    expect((await parseErrorResponse(429, body, '30')).retryAfter).toBe(30);
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    expect((await parseErrorResponse(429, body, inAMinute)).retryAfter).toBeGreaterThan(50);
  });

  it('survives bodies that are not the envelope (a proxy 502, HTML)', async () => {
    const error = await parseErrorResponse(502, '<html>Bad gateway</html>');
    expect(error.code).toBe('http_502');
    expect(error.kind).toBe('http');
  });

  it('knows which statuses end the session (spec §8)', () => {
    expect([400, 401, 403].every(isSessionEndingStatus)).toBe(true);
    expect([404, 409, 410, 422, 429, 500].some(isSessionEndingStatus)).toBe(false);
  });
});

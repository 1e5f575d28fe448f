import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandler, fieldErrorsFromIssues } from './error-handler.ts';

describe('fieldErrorsFromIssues', () => {
  it('uses dotted paths, translates contract keys, and names unknown keys individually', () => {
    const fields = fieldErrorsFromIssues(
      [
        { keyword: 'custom', instancePath: '/profile/email', message: 'validation.email' },
        {
          keyword: 'invalid_type',
          instancePath: '/files/0/title',
          message: 'Invalid input: expected string, received undefined',
        },
        {
          keyword: 'unrecognized_keys',
          instancePath: '',
          message: 'Unrecognized keys',
          params: { keys: ['role', 'balance'] },
        },
        { keyword: 'too_big', instancePath: '/nombre', message: 'Too big' },
      ],
      'en',
      'body',
    );
    expect(fields).toEqual({
      'profile.email': ['Enter a valid e-mail address.'],
      'files.0.title': ['This field is required.'],
      role: ['This field is not allowed.'],
      balance: ['This field is not allowed.'],
      nombre: ['Too long.'],
    });
  });

  it('files issues without a path under the request part', () => {
    expect(
      fieldErrorsFromIssues([{ keyword: 'invalid_type', instancePath: '/', message: 'x' }], 'es', 'querystring'),
    ).toEqual({ query: ['Valor no válido.'] });
  });
});

describe('transaction conflicts', () => {
  it.each(['40P01', '40001'])(
    'answers SQLSTATE %s with 503, Retry-After and a translated "try again", never 500',
    async (code) => {
      const app = Fastify();
      await app.register(errorHandler);
      app.get('/boom', async () => {
        throw Object.assign(new Error('deadlock detected'), { code });
      });
      const res = await app.inject({ method: 'GET', url: '/boom' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({
        error: { code: 'conflict', key: 'errors.retry', message: expect.stringMatching(/Inténtalo de nuevo/) },
      });
      expect(res.body).not.toMatch(/deadlock/);
      await app.close();
    },
  );
});

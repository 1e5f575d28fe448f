import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from './error-handler.ts';

describe('fieldErrorsFromIssues', () => {
  it('uses dotted paths, translates contract keys, and names unknown keys individually', () => {
    const fields = fieldErrorsFromIssues(
      [
        { keyword: 'custom', instancePath: '/profile/email', message: 'validation.email' },
        { keyword: 'invalid_type', instancePath: '/files/0/title', message: 'Invalid input: expected string, received undefined' },
        { keyword: 'unrecognized_keys', instancePath: '', message: 'Unrecognized keys', params: { keys: ['role', 'balance'] } },
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
    expect(fieldErrorsFromIssues([{ keyword: 'invalid_type', instancePath: '/', message: 'x' }], 'es', 'querystring')).toEqual({ query: ['Valor no válido.'] });
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_PATTERN, isEmail } from './constants.ts';
import { emailSchema } from './common.ts';

describe('the zod-free e-mail rule (login page) and emailSchema (every route)', () => {
  it('uses exactly zod’s e-mail pattern', () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });

  it('accepts an address and refuses a host without a domain', () => {
    expect(isEmail(' ana@medida.app ')).toBe(true);
    expect(isEmail('ana@medida')).toBe(false);
  });

  it.each([
    'ana@medida.app',
    '  ana.perez+evals@clinic.example.cl ',
    `${'a'.repeat(64)}@${'b'.repeat(180)}.cl`,
    'ana@medida',
    'ana..perez@medida.app',
    '.ana@medida.app',
    'ana@-medida.app',
    'ana medida@x.cl',
    '',
    `${'a'.repeat(64)}@${'b'.repeat(200)}.cl`,
  ])('agrees with emailSchema on %j', (value) => {
    expect(isEmail(value)).toBe(emailSchema.safeParse(value).success);
  });
});

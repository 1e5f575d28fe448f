import { describe, expect, it } from 'vitest';
import { confirmationError, newPasswordError } from './password-rules.ts';

describe('password rules', () => {
  it('applies the 8–256 policy exactly as typed', () => {
    expect(newPasswordError('')).toBe('validation.required');
    expect(newPasswordError('1234567')).toBe('validation.passwordTooShort');
    expect(newPasswordError('contraseña ñandú')).toBeNull();
    expect(newPasswordError('x'.repeat(257))).toBe('validation.passwordTooLong');
  });

  it('needs the confirmation to match (passwordDoNotMatch)', () => {
    expect(confirmationError('Secret-123', 'Secret-123')).toBeNull();
    expect(confirmationError('Secret-123', 'secret-123')).toBe('messages.passwordDoNotMatch');
    expect(confirmationError('Secret-123', '')).toBe('validation.required');
  });
});

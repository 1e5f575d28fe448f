import { PASSWORD_MAX, PASSWORD_MIN } from '@medida/contracts';

/** Translation key of the problem with a new password, or null (same policy as the server: 8–256, as typed). */
export function newPasswordError(value: string): string | null {
  if (!value) return 'validation.required';
  if (value.length < PASSWORD_MIN) return 'validation.passwordTooShort';
  if (value.length > PASSWORD_MAX) return 'validation.passwordTooLong';
  return null;
}

/** Spec §5: the two entries must match (passwordDoNotMatch). */
export function confirmationError(password: string, confirmation: string): string | null {
  if (!confirmation) return 'validation.required';
  return password === confirmation ? null : 'messages.passwordDoNotMatch';
}

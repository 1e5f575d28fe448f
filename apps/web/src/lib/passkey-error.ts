import { isApiError } from './api-error.ts';
import { apiErrorMessage } from './notify.ts';
import { i18n } from './i18n.ts';

/**
 * The translated message for a failed passkey ceremony: the browser's refusals by their DOMException name
 * (@simplewebauthn/browser's WebAuthnError keeps it), the server's by its answer; a refused sign-in has its own text.
 */
export function passkeyErrorMessage(error: unknown): string {
  const t = i18n.t.bind(i18n);
  if (isApiError(error)) {
    return error.status === 401 && error.key === 'errors.passkeyRefused'
      ? t('auth.passkey.refused')
      : apiErrorMessage(error);
  }
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return t('passkeys.cancelled');
  if (name === 'InvalidStateError') return t('passkeys.alreadyOnDevice');
  if (name === 'NotSupportedError' || name === 'SecurityError') return t('passkeys.unsupported');
  return t('passkeys.failed');
}

import { notifications } from '@mantine/notifications';
import { firstFieldErrors, isApiError } from './api-error.ts';
import { i18n } from './i18n.ts';

/** Toasts (spec §2 global overlays). They hide after 5000 ms: set once on <Notifications autoClose>. */
export function notifySuccess(title: string, message: string): void {
  notifications.show({ title, message, color: 'teal', withBorder: true });
}

/** Spec §8: error toasts carry the title "Error" and a warning colour. */
export function notifyError(message: string, title: string = i18n.t('messages.errorTitle')): void {
  notifications.show({ title, message, color: 'orange', withBorder: true });
}

/** The translated message for any failure of an API call. */
export function apiErrorMessage(error: unknown): string {
  const t = i18n.t.bind(i18n);
  if (!isApiError(error)) return t('messages.genericError');
  switch (error.kind) {
    case 'timeout':
      return t('errors.timeout');
    case 'network':
      return t('errors.network');
    case 'invalid_response':
      return t('messages.genericError');
    case 'http':
      break;
  }
  if (error.status === 429) {
    return error.retryAfter
      ? t('errors.tooManyRequestsWait', { seconds: error.retryAfter })
      : t('errors.tooManyRequests');
  }
  if (error.status >= 500) return t('messages.genericError');
  // The server's message is already in the request's language; our own text wins when we have the key.
  if (error.key && i18n.exists(error.key)) return t(error.key);
  return error.message || t('messages.genericError');
}

export function notifyApiError(error: unknown): void {
  notifyError(apiErrorMessage(error));
}

/** A failed form submit: the server's field errors under their fields (first message each), anything else a toast. */
export function showFormError(setErrors: (errors: Record<string, string>) => void, error: unknown): void {
  const fields = isApiError(error) ? firstFieldErrors(error.fieldErrors) : {};
  if (Object.keys(fields).length > 0) setErrors(fields);
  else notifyApiError(error);
}

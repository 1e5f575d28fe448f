import {
  accountDeletionResponseSchema,
  avatarResponseSchema,
  deleteAccountResponseSchema,
  messageSchema,
  type CambiaEmailBody,
  type DeleteAccountBody,
} from '@medida/contracts';
import { apiRequest } from '../../lib/api.ts';

export const accountKeys = { deletion: ['account', 'deletion'] as const };

export const fetchAccountDeletion = (signal?: AbortSignal) =>
  apiRequest('/web/account/deletion', { schema: accountDeletionResponseSchema, signal });

/** A wrong password is a 422 on the form, not the end of the session. */
export const deleteAccount = (body: DeleteAccountBody) =>
  apiRequest('/web/account/delete', {
    method: 'POST',
    body,
    schema: deleteAccountResponseSchema,
    endsSessionOnAuthError: false,
  });

/** POST /web/cambiaemail: a wrong password is a 422 on the form, not the end of the session. */
export const changeOwnEmail = (body: CambiaEmailBody) =>
  apiRequest('/web/cambiaemail', {
    method: 'POST',
    body,
    schema: messageSchema,
    endsSessionOnAuthError: false,
  });

/** POST /web/avatar: the own profile picture (decision 118); the server checks, squares and strips it. */
export const uploadAvatar = (file: File) => {
  const body = new FormData();
  body.append('files', file);
  return apiRequest('/web/avatar', { method: 'POST', body, schema: avatarResponseSchema });
};

/** DELETE /web/avatar. */
export const removeAvatar = () => apiRequest('/web/avatar', { method: 'DELETE', schema: messageSchema });

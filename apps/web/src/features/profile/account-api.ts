import {
  accountDeletionResponseSchema,
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

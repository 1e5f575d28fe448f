// The narrow entries, not the barrel: Login prefetches this module, and with it the schemas the session's
// first queries need (lib/session.ts).
import {
  authenticateResponseSchema,
  confirmaRegistroResponseSchema,
  confirmResetResponseSchema,
  creaCuentaResponseSchema,
  secondFactorSignInResponseSchema,
  type CreaCuentaBody,
} from '@medida/contracts/auth';
import { messageSchema, okSchema } from '@medida/contracts/errors';
import { apiRequest } from '../../lib/api.ts';

// Thin, typed wrappers over the /web auth endpoints (packages/contracts has the shapes).

export const login = (body: { email: string; password: string }) =>
  apiRequest('/web/authenticate', {
    method: 'POST',
    body,
    schema: authenticateResponseSchema,
    endsSessionOnAuthError: false,
  });

/** The sign-in's second step: the ticket and an authenticator's code or a recovery code (decision 206). */
export const signInWithCode = (body: { ticket: string; code: string }) =>
  apiRequest('/web/authenticate/second-factor', {
    method: 'POST',
    body,
    schema: secondFactorSignInResponseSchema,
    endsSessionOnAuthError: false,
  });

export const changePassword = (body: { id_usuario: number; current_password?: string | undefined; password: string }) =>
  // A wrong current password is a form error here, not the end of the session.
  apiRequest('/web/actualizapass', { method: 'POST', body, schema: okSchema, endsSessionOnAuthError: false });

export const requestPasswordReset = (email: string) =>
  apiRequest('/web/reestablecepass', {
    method: 'POST',
    body: { email },
    schema: messageSchema,
    endsSessionOnAuthError: false,
  });

/** A reset answers a message; an invitation's link (the first password) also a session token (decision 186). */
export const confirmPasswordReset = (body: { token: string; password: string }) =>
  apiRequest('/web/reestablecepass/confirm', {
    method: 'POST',
    body,
    schema: confirmResetResponseSchema,
    endsSessionOnAuthError: false,
  });

/** Confirms a new login e-mail with the token from the link mailed to it (issue 10 item 3). */
export const confirmEmailChange = (token: string) =>
  apiRequest('/web/confirmaemail', {
    method: 'POST',
    body: { token },
    schema: messageSchema,
    endsSessionOnAuthError: false,
  });

/** Lifts the sign-in back-off with the token of the link mailed on a lockout (issue 10 item 13). */
export const unlockSignIn = (token: string) =>
  apiRequest('/web/desbloquea', {
    method: 'POST',
    body: { token },
    schema: messageSchema,
    endsSessionOnAuthError: false,
  });

/** The registration link: verifies the e-mail and answers a session token (decision 017). */
export const confirmRegistration = (token: string) =>
  apiRequest('/web/confirmaregistro', {
    method: 'POST',
    body: { token },
    schema: confirmaRegistroResponseSchema,
    endsSessionOnAuthError: false,
  });

export const resendVerification = () =>
  apiRequest('/web/reenviaconfirmacion', { method: 'POST', body: {}, schema: messageSchema });

export const register = (body: CreaCuentaBody) =>
  apiRequest('/web/creacuenta', {
    method: 'POST',
    body,
    schema: creaCuentaResponseSchema,
    endsSessionOnAuthError: false,
  });

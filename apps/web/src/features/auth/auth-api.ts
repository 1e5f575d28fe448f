import { z } from 'zod';
import {
  authenticateResponseSchema,
  authenticatedUserResponseSchema,
  countriesResponseSchema,
  creaCuentaResponseSchema,
  datosUsuarioResponseSchema,
  messageSchema,
  type CreaCuentaBody,
} from '@medida/contracts';
import { apiRequest } from '../../lib/api.ts';

// Thin, typed wrappers over the /web auth endpoints (packages/contracts has the shapes).

export const login = (body: { email: string; password: string }) =>
  apiRequest('/web/authenticate', {
    method: 'POST',
    body,
    schema: authenticateResponseSchema,
    endsSessionOnAuthError: false,
  });

export const fetchSessionUser = (signal?: AbortSignal) =>
  apiRequest('/web/authenticate/user', { schema: authenticatedUserResponseSchema, signal });

export const fetchProfile = (idUsuario: number, signal?: AbortSignal) =>
  apiRequest('/web/datosusuario', { query: { id_usuario: idUsuario }, schema: datosUsuarioResponseSchema, signal });

/** The server may answer {} or {message}; both are fine. */
const okSchema = z.object({ message: z.string().optional() }).passthrough();

export const logout = () =>
  apiRequest('/web/logout', { method: 'POST', body: {}, schema: okSchema, endsSessionOnAuthError: false });

export const changePassword = (body: { id_usuario: number; current_password: string; password: string }) =>
  // A wrong current password is a form error here, not the end of the session.
  apiRequest('/web/actualizapass', { method: 'POST', body, schema: okSchema, endsSessionOnAuthError: false });

export const requestPasswordReset = (email: string) =>
  apiRequest('/web/reestablecepass', {
    method: 'POST',
    body: { email },
    schema: messageSchema,
    endsSessionOnAuthError: false,
  });

export const confirmPasswordReset = (body: { token: string; password: string }) =>
  apiRequest('/web/reestablecepass/confirm', { method: 'POST', body, schema: okSchema, endsSessionOnAuthError: false });

export const register = (body: CreaCuentaBody) =>
  apiRequest('/web/creacuenta', {
    method: 'POST',
    body,
    schema: creaCuentaResponseSchema,
    endsSessionOnAuthError: false,
  });

export const fetchCountries = (signal?: AbortSignal) =>
  apiRequest('/web/countries', { schema: countriesResponseSchema, signal, endsSessionOnAuthError: false });

import {
  creationOptionsSchema,
  passkeyResponseSchema,
  passkeysResponseSchema,
  type Passkey,
} from '@medida/contracts/passkeys';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { z } from 'zod';
import { apiRequest } from '../../lib/api.ts';

export const passkeyKeys = { all: ['passkeys'] as const };

/** The server's options, checked by the contract's schema and typed as the browser library wants them. */
const creationOptionsAnswer = z.object({
  options: z.custom<PublicKeyCredentialCreationOptionsJSON>((v) => creationOptionsSchema.safeParse(v).success),
});

export const fetchPasskeys = (signal?: AbortSignal) =>
  apiRequest('/web/passkeys', { schema: passkeysResponseSchema, signal });

/**
 * A new passkey (decision 209): the server's options, the browser's dialog (the device's lock, a phone, a security
 * key), then the attestation under the name the user chose. The browser's refusal (cancelled, already on this device)
 * is thrown as it is: a WebAuthnError or a DOMException.
 */
export async function addPasskey(name: string): Promise<Passkey> {
  const { options } = await apiRequest('/web/passkeys/register/options', {
    method: 'POST',
    schema: creationOptionsAnswer,
  });
  const response = await startRegistration({ optionsJSON: options });
  const { passkey } = await apiRequest('/web/passkeys/register', {
    method: 'POST',
    body: { name, response },
    schema: passkeyResponseSchema,
  });
  return passkey;
}

export const renamePasskey = (id: number, name: string) =>
  apiRequest(`/web/passkeys/${id}`, { method: 'PATCH', body: { name }, schema: passkeyResponseSchema });

/** With the password again (security.md R03): a wrong one is a 422 on the form, not the end of the session. */
export const deletePasskey = (id: number, password: string) =>
  apiRequest(`/web/passkeys/${id}`, {
    method: 'DELETE',
    body: { password },
    schema: z.object({}).passthrough(),
    endsSessionOnAuthError: false,
  });

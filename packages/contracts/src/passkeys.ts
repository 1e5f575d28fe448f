import { z } from 'zod';
import { queryIdSchema } from './common.ts';

/**
 * Passkeys (WebAuthn, decisions 209 and 210): the options the server hands to the browser's
 * `navigator.credentials.create/get` (through @simplewebauthn/browser) and the credential the browser sends back.
 * The options are typed loosely (the library's JSON, passed on as it is); the credential strictly enough that a
 * malformed one is a 422, never a 500.
 */

const base64url = (max: number) =>
  z
    .string({ error: 'validation.passkeyResponse' })
    .max(max, { error: 'validation.passkeyResponse' })
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'validation.passkeyResponse' });
const credentialId = base64url(1400).min(16, { error: 'validation.passkeyResponse' });

/** What every credential the browser returns has besides its response. */
const credentialFields = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key', { error: 'validation.passkeyResponse' }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string().max(40), z.unknown()),
};

/** What `startRegistration` resolves to (a RegistrationResponseJSON). */
export const registrationCredentialSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16384),
    transports: z
      .array(z.string().regex(/^[a-z-]{1,40}$/, { error: 'validation.passkeyResponse' }))
      .max(10)
      .optional(),
  }),
});

export type RegistrationCredential = z.infer<typeof registrationCredentialSchema>;

/** What `startAuthentication` resolves to (an AuthenticationResponseJSON). */
export const authenticationCredentialSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: base64url(128).optional(),
  }),
});
export type AuthenticationCredential = z.infer<typeof authenticationCredentialSchema>;

/** The JSON options for `navigator.credentials.create` (generateRegistrationOptions). */
export const creationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.literal('public-key') })),
});
/** The JSON options for `navigator.credentials.get` (generateAuthenticationOptions). */
export const requestOptionsSchema = z.looseObject({ challenge: z.string(), rpId: z.string().optional() });

export const passkeyNameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(60, { error: 'validation.passkeyNameTooLong' });

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 'multiDevice': a synced passkey (a password manager's, a phone's cloud keychain); 'singleDevice': a security key. */
  device_type: z.enum(['singleDevice', 'multiDevice']),
  backed_up: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

// GET /web/passkeys — the signed-in user's own passkeys.
export const passkeysResponseSchema = z.object({ passkeys: z.array(passkeySchema) });
export const passkeyResponseSchema = z.object({ passkey: passkeySchema });

// POST /web/passkeys/register/options, POST /web/passkeys/register
export const passkeyCreationOptionsResponseSchema = z.object({ options: creationOptionsSchema });
export const registerPasskeyBodySchema = z.strictObject({
  name: passkeyNameSchema,
  response: registrationCredentialSchema,
});

// PATCH /web/passkeys/:id, DELETE /web/passkeys/:id (the password again: security.md R03)
export const passkeyParamsSchema = z.strictObject({ id: queryIdSchema });
export const renamePasskeyBodySchema = z.strictObject({ name: passkeyNameSchema });
export const deletePasskeyBodySchema = z.strictObject({
  password: z.string().min(1, { error: 'validation.required' }).max(1024, { error: 'validation.passwordTooLong' }),
});

// POST /web/authenticate/passkey/options, POST /web/authenticate/passkey — the sign-in with a passkey alone.
export const passkeyRequestOptionsResponseSchema = z.object({ options: requestOptionsSchema });
export const passkeySignInBodySchema = z.strictObject({ response: authenticationCredentialSchema });

// POST /web/authenticate/second-factor/passkey/options, POST /web/authenticate/second-factor/passkey — the second
// step after a password, with the sign-in ticket of POST /web/authenticate (decision 206).
const signInTicketSchema = z
  .string({ error: 'validation.signInTicket' })
  .min(20, { error: 'validation.signInTicket' })
  .max(200, { error: 'validation.signInTicket' });
export const passkeySecondStepOptionsBodySchema = z.strictObject({ ticket: signInTicketSchema });
export const passkeySecondStepBodySchema = z.strictObject({
  ticket: signInTicketSchema,
  response: authenticationCredentialSchema,
});

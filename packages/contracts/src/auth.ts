import { z } from 'zod';
import {
  birthDateSchema,
  emailSchema,
  idSchema,
  languageSchema,
  passwordSchema,
  personProfileFields,
  queryIdSchema,
  sexoSchema,
  userTypeSchema,
} from './common.ts';

// POST /web/authenticate
export const authenticateBodySchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1, { error: 'validation.required' }).max(1024, { error: 'validation.passwordTooLong' }),
});
/** A factor the sign-in's second step accepts (decision 206). */
export const secondFactorMethodSchema = z.enum(['totp', 'passkey']);
export type SecondFactorMethod = z.infer<typeof secondFactorMethodSchema>;
/**
 * A signed-in session (`token`), or, for a user with a second factor, no token (security.md R09): a ticket for the
 * second step (5 minutes, single use) and the methods it accepts.
 */
export const authenticateResponseSchema = z.union([
  z.object({ token: z.string() }),
  z.object({ second_factor: z.object({ ticket: z.string(), methods: z.array(secondFactorMethodSchema) }) }),
]);
export type AuthenticateResponse = z.infer<typeof authenticateResponseSchema>;

// POST /web/authenticate/second-factor — the ticket and an authenticator's 6-digit code or a recovery code.
export const secondFactorSignInBodySchema = z.strictObject({
  ticket: z.string().min(20, { error: 'validation.signInTicket' }).max(200, { error: 'validation.signInTicket' }),
  code: z
    .string()
    .trim()
    .min(6, { error: 'validation.secondFactorCode' })
    .max(24, { error: 'validation.secondFactorCode' })
    .regex(/^[0-9A-Za-z\s-]+$/, { error: 'validation.secondFactorCode' }),
});
export const secondFactorSignInResponseSchema = z.object({ token: z.string() });

// GET /web/authenticate/user
export const sessionUserSchema = z.object({
  id: z.number().int(),
  type: userTypeSchema,
  cambia_pass: z.union([z.literal(0), z.literal(1)]),
  /** A self-registered account that has not opened its confirmation link yet cannot create people (decision 017). */
  email_verified: z.boolean(),
  /** The account requires a second factor and this session has none: the app shows only the enrolment (decision 208). */
  second_factor_required: z.boolean(),
  /** One of the team's operators (decision 229): the app shows the operator's console and nothing else. */
  operator: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
export const authenticatedUserResponseSchema = z.object({ user: sessionUserSchema });

// GET /web/datosusuario?id_usuario=
export const datosUsuarioQuerySchema = z.strictObject({ id_usuario: queryIdSchema });
export const ACCOUNT_LEVELS = ['basic', 'professional', 'partner'] as const;
export const accountLevelSchema = z.enum(ACCOUNT_LEVELS);
export const userProfileSchema = z.object({
  id_usuario: z.number().int(),
  type: userTypeSchema,
  ...personProfileFields,
  creditos: z.number().int(),
  lang: languageSchema,
  parent_user_id: z.number().int().nullable(),
  trabajo: z.string().nullable(),
  registration_variant: z.string().nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;
export const datosUsuarioResponseSchema = z.object({
  datos: userProfileSchema,
  /** Country name (spec §3: "pais (country name)"), null when none is set. */
  pais: z.string().nullable(),
  account_level: accountLevelSchema,
});

// POST /web/actualizapass — the current password is required (security.md R03), except for the forced
// change (cambia_pass = 1): that session was opened with the temporary password minutes ago (decision 131).
export const actualizaPassBodySchema = z.strictObject({
  id_usuario: idSchema,
  current_password: z.string().min(1, { error: 'validation.required' }).max(1024).optional(),
  password: passwordSchema,
});

// POST /web/reestablecepass — e-mail in the body, never in the URL (security.md R13).
export const reestablecePassBodySchema = z.strictObject({ email: emailSchema });
// POST /web/reestablecepass/confirm — the reset page sends the token from the e-mailed link.
export const confirmResetBodySchema = z.strictObject({
  token: z.string().min(20, { error: 'validation.resetToken' }).max(200, { error: 'validation.resetToken' }),
  password: passwordSchema,
});

// An invitation's link (the account had no password yet) also signs in: `token` is then the session (decision 186).
export const confirmResetResponseSchema = z.object({ message: z.string(), token: z.string().optional() });

// POST /web/creacuenta — registration.
export const creaCuentaBodySchema = z.strictObject({
  nombre: z.string().trim().min(1, { error: 'validation.required' }).max(100),
  apellido: z.string().trim().min(1, { error: 'validation.required' }).max(100),
  email: emailSchema,
  password: passwordSchema,
  nacimiento: birthDateSchema,
  sexo: sexoSchema,
  telefono: z.string().trim().max(30).optional(),
  pais_id: idSchema.optional(),
  especialidad: z.string().trim().max(60).optional(),
  lang: languageSchema,
  /** Which register page was used (`register`, `register-mx`, `register-acme`…): see docs/decisions. */
  variant: z.string().regex(/^register(-[a-z0-9]{1,40})?$/, { error: 'validation.variant' }),
  terms_accepted: z.literal(true, { error: 'validation.termsRequired' }),
});
export type CreaCuentaBody = z.infer<typeof creaCuentaBodySchema>;
/**
 * The same answer for a new and a taken e-mail (decision 017): the account, or the "you already have one"
 * mail, is made after the answer. `outbox`: where the link was written when the server has no SMTP and
 * is not in production, so whoever runs `npm start` can find it.
 */
export const creaCuentaResponseSchema = z.object({ message: z.string(), outbox: z.string().optional() });

/** The token of a one-time link (e-mail change, unlock, verification); it travels in the body, never a URL. */
export const linkTokenBodySchema = z.strictObject({
  token: z.string().min(20, { error: 'validation.resetToken' }).max(200, { error: 'validation.resetToken' }),
});

// POST /web/confirmaregistro — the link mailed at registration verifies the e-mail and signs in (decision 017).
export const confirmaRegistroResponseSchema = z.object({ message: z.string(), token: z.string() });

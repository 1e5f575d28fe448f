import { z } from 'zod';
import { queryIdSchema } from './common.ts';
import { secondFactorMethodSchema } from './auth.ts';

/** The password asked again before a second factor changes (security.md R03: full re-authentication). */
const currentPasswordSchema = z
  .string()
  .min(1, { error: 'validation.required' })
  .max(1024, { error: 'validation.passwordTooLong' });
/** An authenticator's 6 digits (spaces allowed as apps show them: `123 456`). */
const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{3}\s?\d{3}$/, { error: 'validation.totpCode' });

// GET /web/second-factor — one's own second factors, and for an account's root its network's policy.
export const secondFactorStatusSchema = z.object({
  /** The confirmed authenticator, or null. */
  totp: z.object({ confirmed_at: z.string() }).nullable(),
  recovery_codes_left: z.number().int(),
  /** Every factor one can sign in with besides the password ('totp', 'passkey'). */
  methods: z.array(secondFactorMethodSchema),
  /** The account requires a second factor of its professionals (decision 208). */
  account_requires: z.boolean(),
  /** For an account's root professional: the switch; null for everyone else. */
  network_policy: z.object({ required: z.boolean() }).nullable(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

// POST /web/second-factor/totp/setup — starts (or restarts) an enrolment; the secret is shown once, here.
export const totpSetupBodySchema = z.strictObject({ current_password: currentPasswordSchema });
export const totpSetupResponseSchema = z.object({
  otpauth_uri: z.string(),
  /** The secret in base32, for typing into an app by hand. */
  manual_key: z.string(),
  /** The otpauth URI as a QR code: an SVG data URL. */
  qr_svg: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupResponseSchema>;

// POST /web/second-factor/totp/confirm — a first code from the app; answers the ten recovery codes, shown once.
export const totpConfirmBodySchema = z.strictObject({ code: totpCodeSchema });
export const recoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });

// POST /web/second-factor/totp/disable and POST /web/second-factor/recovery-codes — password and a current code.
export const totpReauthBodySchema = z.strictObject({ current_password: currentPasswordSchema, code: totpCodeSchema });

// PUT /web/second-factor/network-policy — an account's root requires (or not) a second factor of its network.
export const networkPolicyBodySchema = z.strictObject({ required: z.boolean() });
export const networkPolicyResponseSchema = z.object({
  required: z.boolean(),
  /** Sessions of the network signed in with the password alone, ended when the requirement was switched on. */
  ended_sessions: z.number().int(),
});

// POST /web/people/:id/second-factor/reset — a professional removes the second factors of someone below it.
export const secondFactorResetParamsSchema = z.strictObject({ id: queryIdSchema });

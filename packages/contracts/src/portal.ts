import { z } from 'zod';

/**
 * The client portal (issue 15, decision 132): inviting a client to it, and what a signed-in client
 * reads about its professional.
 */

/** Days an invitation link stays usable (the client chooses its own password with it). */
export const PORTAL_INVITATION_DAYS = 7;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone (the inviting professional's browser's): the e-mail gives the expiry in it. */
export const timeZoneSchema = z
  .string()
  .trim()
  .max(64, { error: 'validation.timeZone' })
  .refine(isTimeZone, { error: 'validation.timeZone' });

/** Fields of the new-client form that ask for the invitation at once (opt-in). */
export const inviteOnCreateFields = {
  invite: z.boolean({ error: 'validation.invalid' }).optional(),
  time_zone: timeZoneSchema.optional(),
};

// POST /web/clients/:id/invite
export const portalInviteBodySchema = z.strictObject({ time_zone: timeZoneSchema.optional() });
export const portalInviteResponseSchema = z.object({
  message: z.string(),
  data: z.object({ expires_at: z.string() }),
});

/** Where a client stands with the portal: never invited, invited (link not used yet), or has its password. */
export const PORTAL_STATUSES = ['none', 'invited', 'active'] as const;
export type PortalStatus = (typeof PORTAL_STATUSES)[number];
export const portalStatusSchema = z.object({
  status: z.enum(PORTAL_STATUSES),
  /** The live invitation's expiry (status `invited`), ISO. */
  invitation_expires_at: z.string().nullable(),
});
export type PortalStatusData = z.infer<typeof portalStatusSchema>;
export const portalStatusResponseSchema = z.object({ portal: portalStatusSchema });

// GET /web/portal/professional
export const portalProfessionalSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  apellido: z.string(),
  email: z.string(),
  telefono: z.string().nullable(),
  especialidad: z.string().nullable(),
});
export type PortalProfessional = z.infer<typeof portalProfessionalSchema>;
export const portalProfessionalResponseSchema = z.object({ professional: portalProfessionalSchema.nullable() });

// GET /web/portal/evaluations — the signed-in client's own evaluations as timeline cards, newest first.
export const PORTAL_EVALUATIONS_MAX = 200;
export const portalEvaluationSchema = z.object({
  id: z.number().int(),
  fecha: z.string(),
  evaluation_type: z.number().int(),
  evaluator: z.object({ nombre: z.string(), apellido: z.string() }),
  peso: z.number(),
  bmi: z.number().nullable(),
  /** The engine's class codes (WHO BMI class, body-fat category): the web app words them plainly. */
  bmi_category: z.string().nullable(),
  body_fat_percent: z.number().nullable(),
  fat_category: z.string().nullable(),
  /** Equation ids of the fat % and the muscle mass: the charts mark a change of equation between two points. */
  body_fat_equation: z.string().nullable(),
  muscle_equation: z.string().nullable(),
  muscle_mass_kg: z.number().nullable(),
  waist_cm: z.number().nullable(),
  vo2max: z.number().nullable(),
});
export type PortalEvaluation = z.infer<typeof portalEvaluationSchema>;
export const portalEvaluationsResponseSchema = z.object({ evaluations: z.array(portalEvaluationSchema) });

import { z } from 'zod';
import { digitsSchema, queryIdSchema } from './common.ts';

/** The dashboard's cards (issue 12); the widgets page chooses which show and in what order. */
export const DASHBOARD_CARDS = ['counts', 'weekly', 'latest', 'follow_up', 'wrong_way', 'credits'] as const;
export const dashboardCardSchema = z.enum(DASHBOARD_CARDS);
export type DashboardCard = z.infer<typeof dashboardCardSchema>;

/** Weeks shown by the weekly chart. */
export const DASHBOARD_WEEKS = 12;
/** Rows per list card (latest, follow-up, wrong-way, credit movements). */
export const DASHBOARD_LIST_SIZE = 8;
// The default, 8 weeks, is the column default of users.follow_up_weeks (migration 0006), its one source: a new
// account's row gets it there, and a migration never imports a constant that could change under it (decision 179).
export const FOLLOW_UP_WEEKS_MAX = 104;

/**
 * GET /web/getdash. `id_usuario` narrows to a professional of the actor's network (like the list);
 * `type` is the spec's echo of the session user's type and is not trusted: the session decides.
 */
export const getDashQuerySchema = z.strictObject({
  id_usuario: queryIdSchema.optional(),
  type: digitsSchema().optional(),
});
export type GetDashQuery = z.input<typeof getDashQuerySchema>;

const personRef = z.object({ id: z.number().int(), nombre: z.string(), apellido: z.string() });
const change = z.object({ from: z.number(), to: z.number() });

export const dashboardSchema = z.object({
  counts: z.object({
    clients: z.number().int(),
    network: z.number().int(),
    evaluations_month: z.number().int(),
    evaluations_total: z.number().int(),
    credits: z.number().int(),
  }),
  /** Oldest first, DASHBOARD_WEEKS entries; weeks start on Monday (ISO), by evaluation date. */
  weekly: z.array(z.object({ week_start: z.string(), count: z.number().int() })),
  latest: z.array(
    z.object({
      id: z.number().int(),
      fecha: z.string(),
      created_at: z.string(),
      evaluation_type: z.number().int(),
      client: personRef,
    }),
  ),
  follow_up: z.object({
    weeks: z.number().int(),
    total: z.number().int(),
    /** Longest without an evaluation first; never evaluated first of all (last_fecha null). */
    /** With what the new-evaluation wizard needs to open with the client chosen. */
    clients: z.array(
      personRef.extend({
        email: z.string(),
        rut: z.string().nullable(),
        nacimiento: z.string().nullable(),
        sexo: z.string().nullable(),
        last_fecha: z.string().nullable(),
      }),
    ),
  }),
  /** Clients whose latest evaluation shows body fat % or waist up against the previous one. */
  wrong_way: z.array(
    z.object({
      client: personRef,
      evaluation_id: z.number().int(),
      fecha: z.string(),
      previous_fecha: z.string(),
      body_fat_percent: change.nullable(),
      waist_cm: change.nullable(),
    }),
  ),
  /** Newest first. amount is signed from the account's point of view. */
  credit_movements: z.array(
    z.object({
      id: z.number().int(),
      created_at: z.string(),
      amount: z.number().int(),
      // welcome: the sign-up allowance; grant: credits the Medida team loaded (decision 130): no sender.
      kind: z.enum(['received', 'sent', 'charge', 'welcome', 'grant']),
      counterpart: personRef.nullable(),
      evaluation_id: z.number().int().nullable(),
    }),
  ),
  cards: z.array(dashboardCardSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const getDashResponseSchema = z.object({ data: dashboardSchema });
export type GetDashResponse = z.infer<typeof getDashResponseSchema>;

// GET and PUT /web/dashboard/settings — the widgets page: which cards, in what order, and N of the follow-up card.
export const dashboardSettingsSchema = z.strictObject({
  cards: z
    .array(dashboardCardSchema, { error: 'validation.invalid' })
    .max(DASHBOARD_CARDS.length, { error: 'validation.invalid' })
    .refine((cards) => new Set(cards).size === cards.length, { error: 'validation.duplicateCard' }),
  // A JSON integer only (issue 10 item 10: "5", true, [5] are refused).
  follow_up_weeks: z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.min' })
    .max(FOLLOW_UP_WEEKS_MAX, { error: 'validation.max' }),
});
export type DashboardSettings = z.infer<typeof dashboardSettingsSchema>;
export const dashboardSettingsResponseSchema = z.object({ settings: dashboardSettingsSchema });

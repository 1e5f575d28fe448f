import { z } from 'zod';
import { isoDateSchema, queryIdSchema, sexoSchema } from './common.ts';

const blankIsNone = (v: unknown) => (v === '' ? undefined : v);

// GET /web/charts?company=&from=&to=&sexo= — analytics over the professional's own evaluations (decision 115).
export const chartsQuerySchema = z
  .strictObject({
    company: z.preprocess(blankIsNone, queryIdSchema.optional()),
    from: z.preprocess(blankIsNone, isoDateSchema.optional()),
    to: z.preprocess(blankIsNone, isoDateSchema.optional()),
    sexo: z.preprocess(blankIsNone, sexoSchema.optional()),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'validation.dateRange', path: ['to'] });
export type ChartsQuery = z.input<typeof chartsQuerySchema>;

const categoryCount = z.object({ category: z.string(), clients: z.number().int() });

export const chartsSchema = z.object({
  /** Clients with at least one evaluation in the range, and those evaluations. */
  clients: z.number().int(),
  evaluations: z.number().int(),
  /** Each client counted once, at its latest evaluation in the range (the engine's stored category). */
  bmi_categories: z.array(categoryCount),
  fat_categories: z.array(categoryCount),
  /** Per month of evaluation date, oldest first: averages of the stored figures (null when none). */
  monthly: z.array(
    z.object({
      month: z.string(),
      evaluations: z.number().int(),
      bmi: z.number().nullable(),
      body_fat_percent: z.number().nullable(),
      waist_cm: z.number().nullable(),
    }),
  ),
  /** Clients with two body-fat figures in the range: improved when the latest is below the first. */
  improving: z.object({ compared: z.number().int(), improved: z.number().int(), share: z.number().nullable() }),
});
export type Charts = z.infer<typeof chartsSchema>;
export const chartsResponseSchema = z.object({ data: chartsSchema });

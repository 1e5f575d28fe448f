import { z } from 'zod';

// GET /web/isak/tem — the signed-in professional's technical error of measurement over its own ISAK profiles
// (issue 31 A.3, decision 199): a measure of its own precision, month by month.

const temSchema = z
  .object({
    /** Pooled within-site SD of the repeated measurements (mm for skinfolds, cm for the other sites). */
    absolute: z.number(),
    /** 100 × TEM / mean of the measurements. */
    relative_pct: z.number(),
  })
  .nullable();

const limitsSchema = z.object({ skinfolds: z.number(), others: z.number() });

export const isakTemSchema = z.object({
  /** Oldest first; the last 24 months with at least one ISAK profile. */
  months: z.array(
    z.object({
      month: z.string().meta({ description: 'YYYY-MM of the evaluation date' }),
      evaluations: z.number().int(),
      skinfolds: temSchema,
      others: temSchema,
    }),
  ),
  /** ISAK intra-evaluator targets, % (isak.md §a.4). */
  limits: z.object({ level1: limitsSchema, level2: limitsSchema }),
});
export type IsakTem = z.infer<typeof isakTemSchema>;

export const isakTemResponseSchema = z.object({ data: isakTemSchema });

import { z } from 'zod';
import { idSchema } from './common.ts';

// POST /web/cambiacreditosnew — sets a user's balance to `creditos`; the difference moves from (or back
// to) the acting parent account `id_usuario` in one ledger transaction. Spec §5: the web app sends it
// only when the value differs from the current one.
export const MAX_CREDITS = 1_000_000;
export const changeCreditsBodySchema = z.strictObject({
  user_id: idSchema,
  id_usuario: idSchema,
  creditos: z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.min' })
    .max(MAX_CREDITS, { error: 'validation.max' }),
});
export const changeCreditsResponseSchema = z.object({
  message: z.string(),
  creditos: z.number().int(),
  parent_creditos: z.number().int(),
});

// GET /web/creditos — the signed-in professional's balance and what an evaluation costs (the wizard and
// the dashboard explain credits with it).
// `ask`: whom to ask for more credits while they cannot be bought (decision 186): a sub-account's parent
// account (the one that can load credits to it), a top-level account's operator contact.
export const creditsAskSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('parent'), name: z.string(), email: z.string() }),
  z.object({ kind: z.literal('operator'), email: z.string() }),
]);
export const creditsSummaryResponseSchema = z.object({
  creditos: z.number().int(),
  evaluation_cost: z.number().int(),
  ask: creditsAskSchema,
});
export type CreditsSummary = z.infer<typeof creditsSummaryResponseSchema>;

/** The operator's grant (`npm run credits -- grant <email> <n> --note "…"`): a whole number and a reason. */
export const MAX_GRANT = 100_000;

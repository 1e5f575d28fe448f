import { z } from 'zod';
import { idSchema } from './common.ts';

/** At most this many people in one hand-over request; "all" has no limit (decision 117). */
export const HANDOVER_MAX_IDS = 500;

const idListSchema = z
  .array(idSchema, { error: 'validation.invalid' })
  .max(HANDOVER_MAX_IDS, { error: 'validation.tooMany' })
  .default([]);

// POST /web/handover — a professional hands clients and network professionals over to another professional of
// its account (issue 12, decision 117): the chosen ones, or `all` of its live clients and network professionals.
export const handoverBodySchema = z
  .strictObject({
    receiver_id: idSchema,
    all: z.boolean({ error: 'validation.invalid' }).default(false),
    client_ids: idListSchema,
    network_ids: idListSchema,
  })
  .refine((b) => b.all || b.client_ids.length + b.network_ids.length > 0, {
    path: ['client_ids'],
    error: 'validation.handoverNothingChosen',
  });
export type HandoverBody = z.input<typeof handoverBodySchema>;
export const handoverResponseSchema = z.object({
  message: z.string(),
  clients: z.number().int(),
  network: z.number().int(),
});

/** Where a receiver stands from the giver: its parent, a professional next to it (same parent), or its network. */
export const handoverRelationSchema = z.enum(['parent', 'sibling', 'network']);
export type HandoverRelation = z.infer<typeof handoverRelationSchema>;

// GET /web/handover/receivers — the professionals the signed-in professional may hand people over to.
export const handoverReceiverSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  apellido: z.string(),
  email: z.string(),
  relation: handoverRelationSchema,
  /** The giver's own network professional whose branch holds the receiver (itself when direct); null outside it. */
  branch_id: z.number().int().nullable(),
});
export type HandoverReceiver = z.infer<typeof handoverReceiverSchema>;

/**
 * Whether a receiver can take what is handed over (decision 184), the one rule the modal offers by and the server
 * checks: never someone who moves with it. "Everyone" keeps the receiver's own branch where it is (the receiver
 * and the professionals above it stay under the giver), so every receiver can take everyone else; a chosen list
 * of network professionals must not hold the receiver's branch.
 */
export function acceptsReceiver(
  receiver: Pick<HandoverReceiver, 'branch_id'>,
  choice: { all?: boolean | undefined } | { network_ids?: readonly number[] | undefined } | object,
): boolean {
  if ('all' in choice && choice.all) return true;
  const moved = 'network_ids' in choice ? (choice.network_ids ?? []) : [];
  return receiver.branch_id === null || !moved.includes(receiver.branch_id);
}
export const handoverReceiversResponseSchema = z.object({ receivers: z.array(handoverReceiverSchema) });

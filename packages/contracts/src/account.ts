import { z } from 'zod';

// POST /web/account/delete — the signed-in user deletes its own account (issue 12, decision 113).
export const deleteAccountBodySchema = z.strictObject({
  password: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(256, { error: 'validation.tooLong' }),
  /** The account's e-mail address typed again: a deliberate act, not a stray click. */
  confirmation: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
export const deleteAccountResponseSchema = z.object({ message: z.string() });

/** The account's e-mail, tombstoned on deletion so the address can register again (decision 113). */
export const deletedEmailOf = (userId: number) => `deleted-${userId}@deleted.invalid`;

// GET /web/account/deletion — what stands in the way: live clients and network professionals under the user.
export const accountDeletionResponseSchema = z.object({
  clients: z.number().int(),
  network: z.number().int(),
  can_delete: z.boolean(),
});

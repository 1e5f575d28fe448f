import { z } from 'zod';
import { emailSchema } from './common.ts';
import { EMAIL_MAX } from './constants.ts';

// POST /web/account/delete — the signed-in user deletes its own account (issue 12, decision 113).
/**
 * What happens to the people under a professional who deletes its account (decision 184): with none, nothing to
 * say. `keep_network`: only network professionals are left (clients were handed over): they keep their accounts,
 * clients and evaluations, no longer under anyone. `everything`: every account below closes too (logins,
 * sessions, links); evaluations and the credit ledger are kept as the retention rules require.
 */
export const DELETION_PEOPLE_CHOICES = ['keep_network', 'everything'] as const;
export const deletionPeopleSchema = z.enum(DELETION_PEOPLE_CHOICES, { error: 'validation.invalid' });
export type DeletionPeople = z.infer<typeof deletionPeopleSchema>;

/** The choices a deletion may take given who is left directly below (one rule for the page and the server). */
export function deletionChoices(people: { clients: number; network: number }): {
  can_delete: boolean;
  choices: DeletionPeople[];
} {
  if (people.clients + people.network === 0) return { can_delete: true, choices: [] };
  return { can_delete: false, choices: people.clients === 0 ? ['keep_network', 'everything'] : ['everything'] };
}

export const deleteAccountBodySchema = z.strictObject({
  password: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(256, { error: 'validation.tooLong' }),
  /** The account's e-mail address typed again: a deliberate act, not a stray click. */
  confirmation: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    // Longer than any address: it cannot match (the key the server gives a mismatch).
    .max(EMAIL_MAX, { error: 'validation.deleteConfirmation' }),
  /** Required when people are left below the account: one of `deletionChoices(…).choices`. */
  people: deletionPeopleSchema.optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
export const deleteAccountResponseSchema = z.object({ message: z.string() });

/** The account's e-mail, tombstoned on deletion so the address can register again (decision 113). */
export const deletedEmailOf = (userId: number) => `deleted-${userId}@deleted.invalid`;

// GET /web/account/deletion — what stands in the way: live clients and network professionals under the user.
export const accountDeletionResponseSchema = z.object({
  clients: z.number().int(),
  network: z.number().int(),
  /** True when nobody is left below: the account goes without a choice about people. */
  can_delete: z.boolean(),
  /** What the deletion may do with the people left below (empty when nobody is). */
  choices: z.array(deletionPeopleSchema),
});

// POST /web/cambiaemail — the signed-in user moves its own login to a new address (issue 12, decision 018):
// the current password again; the new address takes effect only when confirmed from the link sent to it.
export const cambiaEmailBodySchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(256, { error: 'validation.tooLong' }),
});
export type CambiaEmailBody = z.infer<typeof cambiaEmailBodySchema>;

/** POST /web/avatar: one JPEG, PNG or WebP image in the part `files` (or `files[]`), nothing else. */
export const avatarBodies = {
  'multipart/form-data': z.strictObject({
    files: z.string().meta({ format: 'binary' }).describe('The picture, under 10,000,000 bytes'),
  }),
};
/** POST /web/avatar (multipart, one image in `files`): the new picture's address (decision 118). */
export const avatarResponseSchema = z.object({ message: z.string(), data: z.object({ img_url: z.string() }) });
export type AvatarResponse = z.infer<typeof avatarResponseSchema>;

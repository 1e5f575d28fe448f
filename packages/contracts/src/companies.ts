import { z } from 'zod';
import { queryIdSchema } from './common.ts';

/**
 * Companies an account's clients belong to (issue 12, decision 112). Every account sees the default
 * company (id 9) and its partner's company; each account creates, renames and archives its own.
 */

const companyName = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(120, { error: 'validation.tooLong' });
/** Optional tax id (RUT, CNPJ, RFC…) as typed; empty means none. */
const taxId = z
  .string()
  .trim()
  .max(40, { error: 'validation.tooLong' })
  .transform((v) => (v === '' ? null : v))
  .nullable();

// GET /web/companies — the account's own companies, archived ones included, with their clients.
export const managedCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tax_id: z.string().nullable(),
  archived: z.boolean(),
  /** Live clients of the account assigned to it. */
  clients: z.number().int(),
});
export type ManagedCompany = z.infer<typeof managedCompanySchema>;
export const companiesResponseSchema = z.object({ companies: z.array(managedCompanySchema) });

// POST /web/companies
export const createCompanyBodySchema = z.strictObject({ name: companyName, tax_id: taxId.optional() });
export type CreateCompanyBody = z.infer<typeof createCompanyBodySchema>;

// PATCH /web/companies/:id — rename, change the tax id, archive or restore.
export const updateCompanyBodySchema = z.strictObject({
  name: companyName.optional(),
  tax_id: taxId.optional(),
  archived: z.boolean({ error: 'validation.invalid' }).optional(),
});
export type UpdateCompanyBody = z.infer<typeof updateCompanyBodySchema>;
export const companyParamsSchema = z.strictObject({ id: queryIdSchema });
export const companyResponseSchema = z.object({ company: managedCompanySchema });

import {
  companiesResponseSchema,
  companyResponseSchema,
  type CreateCompanyBody,
  type UpdateCompanyBody,
} from '@medida/contracts';
import { apiRequest } from '../../lib/api.ts';

/** Under ['companies'], the prefix of the client form's company choices (people referenceKeys): one invalidation refreshes both. */
export const companyKeys = { root: ['companies'] as const, managed: ['companies', 'managed'] as const };

export const fetchManagedCompanies = (signal?: AbortSignal) =>
  apiRequest('/web/companies', { schema: companiesResponseSchema, signal });

export const createCompany = (body: CreateCompanyBody) =>
  apiRequest('/web/companies', { method: 'POST', body, schema: companyResponseSchema });

export const updateCompany = (id: number, body: UpdateCompanyBody) =>
  apiRequest(`/web/companies/${id}`, { method: 'PATCH', body, schema: companyResponseSchema });

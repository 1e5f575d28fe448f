import {
  companiesResponseSchema,
  companyParamsSchema,
  companyResponseSchema,
  createCompanyBodySchema,
  errorEnvelopeSchema,
  getCompaniesResponseSchema,
  updateCompanyBodySchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { createCompaniesService } from './companies.service.ts';

/** Companies clients belong to (decision 112): the choices for a client, and the account's own list. */
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const companies = createCompaniesService(app.deps);

  app.get(
    '/web/getCompanies',
    protectedRoute('any', {
      tags: ['people'],
      summary:
        "Companies a client can be put in: the default (id 9, DEFAULT_COMPANY_ID), the account's partner company and its own live companies",
      response: { 200: getCompaniesResponseSchema },
    }),
    async (request) => ({ companies: await companies.listAssignable(authOf(request).userId) }),
  );

  app.get(
    '/web/companies',
    protectedRoute('professional', {
      tags: ['people'],
      summary: "The account's own companies, archived ones included, with their live clients",
      response: { 200: companiesResponseSchema },
    }),
    async (request) => ({ companies: await companies.listManaged(authOf(request).userId) }),
  );

  app.post(
    '/web/companies',
    protectedRoute('professional', {
      tags: ['people'],
      summary: 'Create a company of the account (name unique within the account, optional tax id)',
      body: createCompanyBodySchema,
      response: { 200: companyResponseSchema, 422: errorEnvelopeSchema },
    }),
    async (request) => ({ company: await companies.create(authOf(request).userId, request.body) }),
  );

  app.patch(
    '/web/companies/:id',
    protectedRoute('professional', {
      tags: ['people'],
      summary: "Rename a company of the account, change its tax id, archive or restore it (another account's: 404)",
      params: companyParamsSchema,
      body: updateCompanyBodySchema,
      response: { 200: companyResponseSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema },
    }),
    async (request) => ({
      company: await companies.update(authOf(request).userId, request.params.id, request.body),
    }),
  );
};

import { getCompaniesResponseSchema } from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { protectedRoute } from '../../lib/access.ts';
import { createCompaniesRepository } from './companies.repository.ts';

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const companies = createCompaniesRepository(app.deps.db);

  app.get(
    '/web/getCompanies',
    protectedRoute('any', {
      tags: ['people'],
      summary: 'Companies a client can belong to (the default is id 9, DEFAULT_COMPANY_ID)',
      response: { 200: getCompaniesResponseSchema },
    }),
    async () => ({ companies: await companies.list() }),
  );
};

import { errorEnvelopeSchema, getCompaniesResponseSchema } from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCompaniesRepository } from './companies.repository.ts';

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const companies = createCompaniesRepository(app.deps.db);

  app.get(
    '/web/getCompanies',
    {
      config: { public: false },
      schema: {
        tags: ['people'],
        summary: 'Companies a client can belong to (the default is id 9, DEFAULT_COMPANY_ID)',
        security: [{ bearer: [] }],
        response: { 200: getCompaniesResponseSchema, 401: errorEnvelopeSchema },
      },
    },
    async () => ({ companies: await companies.list() }),
  );
};

import { countriesResponseSchema } from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCountriesService } from './countries.service.ts';

export const countriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const countries = createCountriesService(app.deps.db);
  // Reference data that changes only with a migration: read once per process.
  let cached: Awaited<ReturnType<typeof countries.list>> | undefined;

  app.get(
    '/web/countries',
    {
      config: { public: true },
      schema: {
        tags: ['locations'],
        summary: 'Every country (registration needs it)',
        response: { 200: countriesResponseSchema },
      },
    },
    async () => ({ countries: (cached ??= await countries.list()) }),
  );
};

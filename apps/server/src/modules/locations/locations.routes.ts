import {
  citiesQuerySchema,
  citiesResponseSchema,
  errorEnvelopeSchema,
  statesQuerySchema,
  statesResponseSchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createLocationsService } from './locations.service.ts';

/** Regions and comunas (spec §3 "Location lists"): reference data, public like the countries (registration uses them). */
export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const locations = createLocationsService(app.deps.db);

  app.get(
    '/web/states',
    {
      config: { public: true },
      schema: {
        tags: ['locations'],
        summary: 'States (regions) of a country',
        querystring: statesQuerySchema,
        response: { 200: statesResponseSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request) => ({ states: await locations.statesOf(request.query.country_id) }),
  );

  app.get(
    '/web/cities',
    {
      config: { public: true },
      schema: {
        tags: ['locations'],
        summary: 'Cities (comunas) of a state',
        querystring: citiesQuerySchema,
        response: { 200: citiesResponseSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request) => ({ cities: await locations.citiesOf(request.query.state_id) }),
  );
};

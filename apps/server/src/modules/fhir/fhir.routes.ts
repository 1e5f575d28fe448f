import { clientIdParamsSchema, errorEnvelopeSchema, FHIR_JSON, fhirBundleSchema } from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { audited, auditTargetOf, paramField } from '../../lib/audit-route.ts';
import { createFhirService } from './fhir.service.ts';

const clientTarget = auditTargetOf('client');

/** A client's data as FHIR R4 (issue 35, decision 226): for the client's professionals and the client itself. */
export const fhirRoutes: FastifyPluginAsyncZod = async (app) => {
  const fhir = createFhirService(app.deps);

  app.get(
    '/web/clients/:id/fhir',
    audited(
      protectedRoute('any', {
        tags: ['people'],
        summary:
          "A client's data as a FHIR R4 Bundle (application/fhir+json): Patient, the evaluators as Practitioner, each evaluation's measurements and results as Observations (LOINC, UCUM)",
        params: clientIdParamsSchema,
        response: {
          200: { description: 'The bundle', content: { [FHIR_JSON]: { schema: fhirBundleSchema } } },
          404: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      }),
      { action: 'read', resource: 'fhir_bundle', target: (request) => clientTarget(paramField(request, 'id')) },
    ),
    async (request, reply) => {
      const bundle = await fhir.clientBundle(authOf(request), request.params.id, request.lang);
      return reply
        .header('content-type', `${FHIR_JSON}; charset=utf-8`)
        .header('content-disposition', `attachment; filename="client-${request.params.id}-fhir.json"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(bundle));
    },
  );
};

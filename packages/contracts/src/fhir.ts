import { z } from 'zod';

/** The media type of a FHIR resource in JSON (FHIR R4 §2.6.3). */
export const FHIR_JSON = 'application/fhir+json';

/**
 * GET /web/clients/:id/fhir (decision 226): a FHIR R4 Bundle of type collection. Its resources follow the FHIR R4
 * definitions (the server's tests validate each one); the schema here holds the envelope the document describes.
 */
export const fhirBundleSchema = z
  .looseObject({
    resourceType: z.literal('Bundle'),
    id: z.string(),
    type: z.literal('collection'),
    entry: z.array(
      z.looseObject({
        fullUrl: z.string().regex(/^urn:uuid:[0-9a-f-]{36}$/),
        resource: z.looseObject({
          resourceType: z.enum(['Patient', 'Practitioner', 'Observation']),
          id: z.string(),
        }),
      }),
    ),
  })
  .meta({ description: 'A FHIR R4 Bundle (collection): the client as Patient, its evaluators, their Observations' });

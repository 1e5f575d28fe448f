import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { documentTransform } from './docs-transform.ts';

/** OpenAPI generated from the zod contracts: JSON at /web/docs/json, a browsable reference at /web/docs. */
async function docsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Medida API',
        version: '0.1.0',
        description: 'Every endpoint under /web. Errors use one envelope: {error:{code,key?,message}}.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Opaque token from POST /web/authenticate' },
        },
      },
    },
    transform: documentTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/web/docs' });
}

export const docs = fp(docsPlugin, { name: 'docs' });

import type { Readable } from 'node:stream';
import { z } from 'zod';

/**
 * What a route's contract says beyond Fastify's JSON validation, for the OpenAPI document (plugins/docs.ts):
 * bodies a handler reads itself (multipart forms) and answers that are bytes, not JSON (decision 178).
 */

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The body by media type, for a handler that reads it itself (`readUserForm`: JSON or multipart/form-data).
     * Documentation only: Fastify validates nothing here, the handler's service does.
     */
    documentedBody?: Record<string, z.ZodType>;
  }
}

/** Bytes sent as they are (a Buffer or a stream): `type: string, format: binary`; never JSON-serialized. */
const binarySchema = z.custom<Buffer | Readable>(() => true).meta({ type: 'string', format: 'binary' });

/** An answer of raw bytes in one of `mediaTypes` (a PDF, an image, a ZIP). */
export function binaryAnswer(description: string, mediaTypes: readonly string[]) {
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: binarySchema }])),
  };
}

/** An answer without a body (204, or a refused WebSocket upgrade): the document gives it no content. */
export const noContent = (description: string) => z.null().meta({ description, 'x-no-content': true });

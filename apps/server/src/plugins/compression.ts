import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses API responses (JSON lists and details shrink 5–10×) for clients that accept it. Brotli at
 * quality 4 costs about what gzip does per request; the web app's files are compressed once at build time
 * instead (plugins/spa.ts). Request bodies are never decompressed: a small gzip body could expand past the
 * body limit's intent.
 */
async function compressionPlugin(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

export const compression = fp(compressionPlugin, { name: 'compression' });

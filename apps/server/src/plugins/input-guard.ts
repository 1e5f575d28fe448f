import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { controlCharacterPaths, controlCharactersError } from '../lib/control-characters.ts';

/**
 * One check for every JSON body, query string and path parameter, before any schema or service sees
 * them: a NUL byte reached PostgreSQL and came back as a 500 on 45 routes (issue 10 item 6). Multipart
 * text parts are checked where they are read (modules/attachments/upload.ts).
 */
async function inputGuardPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const paths = [
      ...controlCharacterPaths(request.params, 'params'),
      ...controlCharacterPaths(request.query, 'query'),
      ...controlCharacterPaths(request.body),
    ];
    if (paths.length > 0) throw controlCharactersError(paths.map((p) => p.replace(/^(params|query)\./, '')));
  });
}

export const inputGuard = fp(inputGuardPlugin, { name: 'input-guard' });

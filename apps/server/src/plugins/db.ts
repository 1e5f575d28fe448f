import type { DbHandle } from '@medida/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The app owns the database handle it was given: closing the app closes the database, last. The background work
 * and the mail queue were drained first (app.ts, up to the drain timeout); what is left is abandoned.
 */
async function dbPlugin(app: FastifyInstance, options: { handle: DbHandle }) {
  app.addHook('onClose', async () => {
    app.deps.mailer.close();
    await options.handle.close();
  });
}

export const dbLifecycle = fp(dbPlugin, { name: 'db' });

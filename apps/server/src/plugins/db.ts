import type { DbHandle } from '@medida/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The app owns the database handle it was given: closing the app closes the database, last. */
async function dbPlugin(app: FastifyInstance, options: { handle: DbHandle }) {
  app.addHook('onClose', async () => {
    await app.deps.background.idle();
    await app.deps.mailer.idle();
    app.deps.mailer.close();
    await options.handle.close();
  });
}

export const dbLifecycle = fp(dbPlugin, { name: 'db' });

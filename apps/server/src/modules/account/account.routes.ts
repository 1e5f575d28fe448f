import {
  accountDeletionResponseSchema,
  deleteAccountBodySchema,
  deleteAccountResponseSchema,
  errorEnvelopeSchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { translate } from '../../lib/i18n.ts';
import { createAccountService } from './account.service.ts';

/** One's own account: deleting it (decision 113). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const account = createAccountService(app.deps);

  app.get(
    '/web/account/deletion',
    protectedRoute('any', {
      tags: ['auth'],
      summary:
        'Who is left under the account and what a deletion may do with them: keep the network (no clients left) or close everything below',
      response: { 200: accountDeletionResponseSchema },
    }),
    async (request) => account.peopleOf(authOf(request).userId),
  );

  app.post(
    '/web/account/delete',
    protectedRoute('any', {
      tags: ['auth'],
      summary:
        'Delete your own account: password and the e-mail typed again; every session ends, the e-mail can register again',
      body: deleteAccountBodySchema,
      response: {
        200: deleteAccountResponseSchema,
        409: errorEnvelopeSchema,
        422: errorEnvelopeSchema,
        429: errorEnvelopeSchema,
      },
    }),
    async (request) => {
      const { userId } = authOf(request);
      await account.deleteOwn(userId, request.body);
      request.log.info({ event: 'account_deleted', userId }, 'account deleted');
      return { message: translate(request.lang, 'messages.accountDeleted') };
    },
  );
};

import multipart from '@fastify/multipart';
import { avatarBodies, avatarResponseSchema, errorEnvelopeSchema, messageSchema } from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { notFound } from '../../lib/app-error.ts';
import { translate } from '../../lib/i18n.ts';
import { binaryAnswer } from '../../lib/openapi.ts';
import { MULTIPART_LIMITS, readUserForm } from '../attachments/upload.ts';
import { createUploadGuards } from '../attachments/upload-guard.ts';
import { createAvatarsService } from './avatars.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A year: an address never changes content (a new picture gets a new key). */
const CACHE_SECONDS = 31_536_000;

const uploadErrors = {
  409: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  415: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};

/** The signed-in user's profile picture (decision 118). */
export const avatarsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  const { storage } = app.deps;
  const avatars = createAvatarsService({ ...app.deps, storage });
  const uploadGuards = createUploadGuards(app.deps, storage);

  app.post(
    '/web/avatar',
    protectedRoute('any', {
      tags: ['profile'],
      summary: "Replace one's own profile picture (multipart, one JPEG, PNG or WebP in `files`)",
      description: 'Checked like an attachment, then stored as a WebP square of at most 512 px without metadata',
      documentedBody: avatarBodies,
      response: { 200: avatarResponseSchema, ...uploadErrors },
    }),
    async (request) => {
      const userId = authOf(request).userId;
      const form = await readUserForm(request, storage, uploadGuards.forRequest(request, userId));
      const imgUrl = await avatars.replace(userId, form);
      return { message: translate(request.lang, 'messages.avatarSaved'), data: { img_url: imgUrl } };
    },
  );

  app.delete(
    '/web/avatar',
    protectedRoute('any', {
      tags: ['profile'],
      summary: "Remove one's own profile picture (back to the initials)",
      response: { 200: messageSchema },
    }),
    async (request) => {
      await avatars.remove(authOf(request).userId);
      return { message: translate(request.lang, 'messages.avatarRemoved') };
    },
  );

  // Public like any <img> address: a browser sends no bearer token with it. The random key is the
  // capability, it dies when the picture is replaced or removed or the account is deleted.
  app.get(
    '/web/avatars/:key',
    {
      config: { public: true },
      schema: {
        tags: ['profile'],
        summary: 'A profile picture by the address in img_url',
        // Checked by the handler: any other text is 404, like an unknown key.
        params: z.strictObject({ key: z.string().meta({ format: 'uuid' }) }),
        response: {
          200: binaryAnswer('The picture: a WebP square of at most 512 px', ['image/webp']),
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      if (!UUID.test(request.params.key)) throw notFound();
      const data = await avatars.read(request.params.key);
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', String(data.length))
        .header('content-disposition', 'inline; filename="avatar.webp"')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', `private, max-age=${CACHE_SECONDS}, immutable`)
        .send(data);
    },
  );
};

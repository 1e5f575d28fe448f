import {
  deletePasskeyBodySchema,
  errorEnvelopeSchema,
  passkeyCreationOptionsResponseSchema,
  passkeyParamsSchema,
  passkeyRequestOptionsResponseSchema,
  passkeyResponseSchema,
  passkeySecondStepBodySchema,
  passkeySecondStepOptionsBodySchema,
  passkeySignInBodySchema,
  passkeysResponseSchema,
  registerPasskeyBodySchema,
  renamePasskeyBodySchema,
  secondFactorSignInResponseSchema,
} from '@medida/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { deviceCookie, deviceTokenFrom } from '../../lib/device-cookie.ts';
import { KNOWN_DEVICE_DAYS } from '../known-devices/known-devices.service.ts';
import { createPasskeySignInService } from './passkey-sign-in.service.ts';
import { createPasskeysService } from './passkeys.service.ts';

const signInErrors = { 401: errorEnvelopeSchema, 422: errorEnvelopeSchema, 429: errorEnvelopeSchema };

/** Passkeys (decisions 209, 210): one's own list, registration, rename and delete; the sign-in with one. */
export const passkeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const passkeys = createPasskeysService(app.deps);
  const signIn = createPasskeySignInService(app.deps);
  const secure = app.deps.config.publicBaseUrl.startsWith('https:');
  /** Who signs in from where: the address, the browser, its known-device cookie (decision 015). */
  const metaOf = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    deviceToken: deviceTokenFrom(request.headers.cookie),
  });
  /** A passkey sign-in succeeded: logged, the known-device cookie renewed, the token answered. */
  const signedIn = (
    request: FastifyRequest,
    reply: FastifyReply,
    result: { token: string; userId: number; deviceToken: string },
  ) => {
    request.log.info({ event: 'login_succeeded', userId: result.userId, factor: 'passkey' }, 'login');
    reply.header('set-cookie', deviceCookie(result.deviceToken, { secure, maxAgeDays: KNOWN_DEVICE_DAYS }));
    return { token: result.token };
  };
  // A passkey is a second factor: an account that requires one lets its users add a passkey (decision 208).
  const enrolment = { duringSecondFactorEnrolment: true };

  app.get(
    '/web/passkeys',
    protectedRoute(
      'any',
      { tags: ['auth'], summary: "The signed-in user's passkeys", response: { 200: passkeysResponseSchema } },
      enrolment,
    ),
    async (request) => ({ passkeys: await passkeys.list(authOf(request).userId) }),
  );

  app.post(
    '/web/passkeys/register/options',
    protectedRoute(
      'any',
      {
        tags: ['auth'],
        summary: 'Options for navigator.credentials.create: a new passkey of the signed-in user',
        response: { 200: passkeyCreationOptionsResponseSchema, 409: errorEnvelopeSchema },
      },
      enrolment,
    ),
    async (request) => ({ options: await passkeys.registrationOptions(authOf(request).userId) }),
  );

  app.post(
    '/web/passkeys/register',
    protectedRoute(
      'any',
      {
        tags: ['auth'],
        summary: 'Store the new passkey (the attestation from navigator.credentials.create) under a name',
        body: registerPasskeyBodySchema,
        response: { 201: passkeyResponseSchema, 409: errorEnvelopeSchema, 422: errorEnvelopeSchema },
      },
      enrolment,
    ),
    async (request, reply) => {
      const auth = authOf(request);
      const passkey = await passkeys.register(auth, request.body);
      const { userId } = auth;
      request.log.info({ event: 'passkey_added', userId }, 'passkey added');
      return reply.code(201).send({ passkey });
    },
  );

  app.patch(
    '/web/passkeys/:id',
    protectedRoute('any', {
      tags: ['auth'],
      summary: 'Rename one of your passkeys',
      params: passkeyParamsSchema,
      body: renamePasskeyBodySchema,
      response: { 200: passkeyResponseSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema },
    }),
    async (request) => ({
      passkey: await passkeys.rename(authOf(request).userId, request.params.id, request.body.name),
    }),
  );

  app.delete(
    '/web/passkeys/:id',
    protectedRoute('any', {
      tags: ['auth'],
      summary: 'Delete one of your passkeys (with your password again)',
      params: passkeyParamsSchema,
      body: deletePasskeyBodySchema,
      response: {
        204: z.null().describe('Passkey deleted'),
        404: errorEnvelopeSchema,
        409: errorEnvelopeSchema,
        422: errorEnvelopeSchema,
        429: errorEnvelopeSchema,
      },
    }),
    async (request, reply) => {
      const { userId } = authOf(request);
      await passkeys.remove(userId, request.params.id, request.body.password);
      request.log.info({ event: 'passkey_removed', userId }, 'passkey removed');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/web/authenticate/passkey/options',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Options for navigator.credentials.get: a sign-in with a passkey alone (no e-mail)',
        response: { 200: passkeyRequestOptionsResponseSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request) => ({ options: await signIn.options(request.ip) }),
  );

  app.post(
    '/web/authenticate/passkey',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a passkey (user verification required): an opaque bearer token',
        body: passkeySignInBodySchema,
        // 403: the account is suspended (decision 229).
        response: { 200: secondFactorSignInResponseSchema, ...signInErrors, 403: errorEnvelopeSchema },
      },
    },
    async (request, reply) => signedIn(request, reply, await signIn.signIn(request.body.response, metaOf(request))),
  );

  app.post(
    '/web/authenticate/second-factor/passkey/options',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: "Options for the sign-in's second step with a passkey: the ticket's user's passkeys",
        body: passkeySecondStepOptionsBodySchema,
        response: { 200: passkeyRequestOptionsResponseSchema, ...signInErrors },
      },
    },
    async (request) => ({ options: await signIn.secondStepOptions(request.body.ticket) }),
  );

  app.post(
    '/web/authenticate/second-factor/passkey',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: "The sign-in's second step answered with a passkey: an opaque bearer token",
        body: passkeySecondStepBodySchema,
        // 403: the account is suspended (decision 229).
        response: { 200: secondFactorSignInResponseSchema, ...signInErrors, 403: errorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      signedIn(request, reply, await signIn.secondStep({ ...request.body, ...metaOf(request) })),
  );
};

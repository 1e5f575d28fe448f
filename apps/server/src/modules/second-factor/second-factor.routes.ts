import {
  errorEnvelopeSchema,
  networkPolicyBodySchema,
  networkPolicyResponseSchema,
  recoveryCodesResponseSchema,
  secondFactorResetParamsSchema,
  secondFactorSignInBodySchema,
  secondFactorSignInResponseSchema,
  secondFactorStatusSchema,
  totpConfirmBodySchema,
  totpReauthBodySchema,
  totpSetupBodySchema,
  totpSetupResponseSchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { audited, auditTargetOf, paramField } from '../../lib/audit-route.ts';
import { deviceCookie, deviceTokenFrom } from '../../lib/device-cookie.ts';
import { KNOWN_DEVICE_DAYS } from '../known-devices/known-devices.service.ts';
import { createOwnSecondFactorService } from './own-second-factor.service.ts';
import { createSignInStepService } from './sign-in-step.service.ts';

const errors = { 401: errorEnvelopeSchema, 422: errorEnvelopeSchema, 429: errorEnvelopeSchema };
const changeErrors = { 409: errorEnvelopeSchema, 422: errorEnvelopeSchema, 429: errorEnvelopeSchema };
const enrolment = { duringSecondFactorEnrolment: true };

/** The sign-in's second step and the second factors of one's own account (decisions 206, 207, 208). */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const signInStep = createSignInStepService(app.deps);
  const own = createOwnSecondFactorService(app.deps);
  const secure = app.deps.config.publicBaseUrl.startsWith('https:');

  app.post(
    '/web/authenticate/second-factor',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: "The sign-in's second step: the ticket and an authenticator's code or a recovery code",
        body: secondFactorSignInBodySchema,
        // 403: the account is suspended (decision 229).
        response: { 200: secondFactorSignInResponseSchema, ...errors, 403: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { token, userId, deviceToken } = await signInStep.signInWithCode({
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        deviceToken: deviceTokenFrom(request.headers.cookie),
      });
      request.log.info({ event: 'login_succeeded', userId }, 'login (second factor)');
      reply.header('set-cookie', deviceCookie(deviceToken, { secure, maxAgeDays: KNOWN_DEVICE_DAYS }));
      return { token };
    },
  );

  app.get(
    '/web/second-factor',
    protectedRoute(
      'any',
      {
        tags: ['auth'],
        summary: "One's own second factors, and for an account's root the network's requirement",
        response: { 200: secondFactorStatusSchema },
      },
      enrolment,
    ),
    async (request) => own.status(authOf(request).userId),
  );

  app.post(
    '/web/second-factor/totp/setup',
    protectedRoute(
      'any',
      {
        tags: ['auth'],
        summary: 'Start setting up an authenticator app (password again): its key, URI and QR code',
        body: totpSetupBodySchema,
        response: { 200: totpSetupResponseSchema, ...changeErrors },
      },
      enrolment,
    ),
    async (request) => own.startTotp(authOf(request).userId, request.body.current_password),
  );

  app.post(
    '/web/second-factor/totp/confirm',
    protectedRoute(
      'any',
      {
        tags: ['auth'],
        summary: 'Confirm the authenticator with its first code: answers the ten recovery codes, shown once',
        body: totpConfirmBodySchema,
        response: { 200: recoveryCodesResponseSchema, 422: errorEnvelopeSchema },
      },
      enrolment,
    ),
    async (request) => {
      const { userId, sessionId } = authOf(request);
      const codes = await own.confirmTotp(userId, sessionId, request.body.code);
      request.log.info({ event: 'second_factor_enabled', userId }, 'authenticator set up');
      return { recovery_codes: codes };
    },
  );

  app.post(
    '/web/second-factor/totp/disable',
    protectedRoute('any', {
      tags: ['auth'],
      summary: 'Remove the authenticator and its recovery codes (password and a current code)',
      body: totpReauthBodySchema,
      response: { 204: z.null().describe('Removed'), ...changeErrors },
    }),
    async (request, reply) => {
      const { userId } = authOf(request);
      await own.disableTotp(userId, request.body.current_password, request.body.code);
      request.log.info({ event: 'second_factor_disabled', userId }, 'authenticator removed');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/web/second-factor/recovery-codes',
    protectedRoute('any', {
      tags: ['auth'],
      summary: 'New recovery codes (password and a current code); the old ones stop working',
      body: totpReauthBodySchema,
      response: { 200: recoveryCodesResponseSchema, ...changeErrors },
    }),
    async (request) => {
      const { userId } = authOf(request);
      const codes = await own.regenerateRecoveryCodes(userId, request.body.current_password, request.body.code);
      return { recovery_codes: codes };
    },
  );

  app.put(
    '/web/second-factor/network-policy',
    protectedRoute('professional', {
      tags: ['auth'],
      summary: "An account's root requires (or not) a second factor of every professional of its network",
      body: networkPolicyBodySchema,
      response: { 200: networkPolicyResponseSchema, 409: errorEnvelopeSchema, 422: errorEnvelopeSchema },
    }),
    async (request) => {
      const { userId, sessionId, secondFactor } = authOf(request);
      const result = await own.setNetworkPolicy(
        { userId, sessionId, secondFactor: secondFactor !== null },
        request.body.required,
      );
      request.log.info({ event: 'second_factor_policy', userId, ...result }, 'network second-factor policy');
      return result;
    },
  );

  app.post(
    '/web/people/:id/second-factor/reset',
    audited(
      protectedRoute('professional', {
        tags: ['people'],
        summary: 'Remove the second factors of someone below you (a lost phone); they are told by e-mail',
        params: secondFactorResetParamsSchema,
        response: { 204: z.null().describe('Reset'), 404: errorEnvelopeSchema, 422: errorEnvelopeSchema },
      }),
      // A client's reset joins its trail; a professional's is not client data (the trail's chains are per client):
      // it is logged below and e-mailed to the user (decision 208).
      {
        action: 'update',
        resource: 'second_factor',
        target: (request) => auditTargetOf('client')(paramField(request, 'id')),
      },
    ),
    async (request, reply) => {
      const { userId } = authOf(request);
      await own.resetFor(userId, request.params.id);
      request.log.info({ event: 'second_factor_reset', userId, target: request.params.id }, 'second factor reset');
      return reply.code(204).send(null);
    },
  );
};

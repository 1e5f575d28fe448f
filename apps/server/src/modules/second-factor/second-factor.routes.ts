import { errorEnvelopeSchema, secondFactorSignInBodySchema, secondFactorSignInResponseSchema } from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceCookie, deviceTokenFrom } from '../../lib/device-cookie.ts';
import { KNOWN_DEVICE_DAYS } from '../known-devices/known-devices.service.ts';
import { createSignInStepService } from './sign-in-step.service.ts';

const errors = { 401: errorEnvelopeSchema, 422: errorEnvelopeSchema, 429: errorEnvelopeSchema };

/** The sign-in's second step and the second factors of one's own account (decisions 206, 207, 208). */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const signInStep = createSignInStepService(app.deps);
  const secure = app.deps.config.publicBaseUrl.startsWith('https:');

  app.post(
    '/web/authenticate/second-factor',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: "The sign-in's second step: the ticket and an authenticator's code or a recovery code",
        body: secondFactorSignInBodySchema,
        response: { 200: secondFactorSignInResponseSchema, ...errors },
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
};

import {
  clientIdParamsSchema,
  consentResponseSchema,
  errorEnvelopeSchema,
  recordConsentBodySchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { audited, auditTargetOf, paramField, transactionRecorder, type AuditSpec } from '../../lib/audit-route.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createConsentService } from './consent.service.ts';

const errors = { 404: errorEnvelopeSchema, 409: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const tags = ['people'];
const clientTarget: AuditSpec['target'] = (request) => auditTargetOf('client')(paramField(request, 'id'));

/** The client's consent to store health data: read, record, withdraw (security.md F4, decision 141). */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  const consent = createConsentService(app.deps);
  const audit = createAuditService(app.deps);
  /** The writes' events are written in their transaction: a change and its event stand or fall together. */
  const recordIn = (request: Parameters<typeof transactionRecorder>[0]) =>
    transactionRecorder(request, 'client', audit.recordInTransaction);

  app.get(
    '/web/clients/:id/consent',
    protectedRoute('any', {
      tags,
      summary: "The client's consent to store health data: the live one, else the last withdrawn one, else null",
      params: clientIdParamsSchema,
      response: { 200: consentResponseSchema, ...errors },
    }),
    async (request) => ({ consent: await consent.get(authOf(request).userId, request.params.id) }),
  );

  app.post(
    '/web/clients/:id/consent',
    audited(
      protectedRoute('professional', {
        tags,
        summary: 'Record the consent of a client that has none live (professionals only)',
        params: clientIdParamsSchema,
        body: recordConsentBodySchema,
        response: { 200: consentResponseSchema, ...errors },
      }),
      { action: 'consent_given', resource: 'consent', target: clientTarget, inTransaction: true },
    ),
    async (request) => ({
      consent: await consent.record(authOf(request).userId, request.params.id, request.body, recordIn(request)),
    }),
  );

  app.post(
    '/web/clients/:id/consent/withdraw',
    audited(
      protectedRoute('any', {
        tags,
        summary: 'Withdraw the consent (the client itself, or its professional): the record becomes read-only',
        params: clientIdParamsSchema,
        response: { 200: consentResponseSchema, ...errors },
      }),
      { action: 'consent_withdrawn', resource: 'consent', target: clientTarget, inTransaction: true },
    ),
    async (request) => ({
      consent: await consent.withdraw(authOf(request).userId, request.params.id, recordIn(request)),
    }),
  );
};

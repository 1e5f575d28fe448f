import {
  errorEnvelopeSchema,
  operatorAccountDetailResponseSchema,
  operatorAccountResponseSchema,
  operatorAccountsQuerySchema,
  operatorAccountsResponseSchema,
  operatorAuditQuerySchema,
  operatorAuditResponseSchema,
  operatorDecisionBodySchema,
  operatorGrantBodySchema,
  operatorParamsSchema,
  operatorRequestResponseSchema,
  operatorRequestsQuerySchema,
  operatorRequestsResponseSchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { createOperatorService } from './operator.service.ts';

const tags = ['operator'];
const notFound = { 404: errorEnvelopeSchema };
const changeErrors = { 404: errorEnvelopeSchema, 409: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const noBody = z.strictObject({}).optional();

/** The operator's console (decision 229): operators only, with a session that passed a second factor. */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const operator = createOperatorService(app.deps);

  app.get(
    '/web/operator/accounts',
    protectedRoute('operator', {
      tags,
      summary: 'Accounts (their root professionals) with users, credits, evaluations this month and last sign-in',
      querystring: operatorAccountsQuerySchema,
      response: { 200: operatorAccountsResponseSchema, 422: errorEnvelopeSchema },
    }),
    async (request) => {
      const { q, limit, skip } = request.query;
      return operator.accounts({ q, limit, offset: skip });
    },
  );

  app.get(
    '/web/operator/accounts/:id',
    protectedRoute('operator', {
      tags,
      summary: 'One account: its users (no health data), its ledger and its credit requests',
      params: operatorParamsSchema,
      response: { 200: operatorAccountDetailResponseSchema, ...notFound, 422: errorEnvelopeSchema },
    }),
    async (request) => operator.account(request.params.id),
  );

  app.post(
    '/web/operator/accounts/:id/grant',
    protectedRoute('operator', {
      tags,
      summary: 'Grant credits without a request: one ledger entry with the operator and the note',
      params: operatorParamsSchema,
      body: operatorGrantBodySchema,
      response: { 200: operatorAccountResponseSchema, ...changeErrors },
    }),
    async (request) =>
      operator.grant({ operatorId: authOf(request).userId, accountId: request.params.id, ...request.body }),
  );

  for (const [path, suspended] of [
    ['suspend', true],
    ['reactivate', false],
  ] as const)
    app.post(
      `/web/operator/accounts/:id/${path}`,
      protectedRoute('operator', {
        tags,
        summary: suspended
          ? "Suspend an account: its users' sessions end and none can sign in; its data is kept"
          : 'Reactivate a suspended account',
        params: operatorParamsSchema,
        body: noBody,
        response: { 200: operatorAccountResponseSchema, ...changeErrors },
      }),
      async (request) =>
        operator.setSuspended({ operatorId: authOf(request).userId, accountId: request.params.id, suspended }),
    );

  app.get(
    '/web/operator/credit-requests',
    protectedRoute('operator', {
      tags,
      summary: "Professionals' credit requests, newest first, optionally of one state",
      querystring: operatorRequestsQuerySchema,
      response: { 200: operatorRequestsResponseSchema, 422: errorEnvelopeSchema },
    }),
    async (request) => {
      const { state, limit, skip } = request.query;
      return operator.requests({ state, limit, offset: skip });
    },
  );

  for (const [path, state] of [
    ['grant', 'granted'],
    ['decline', 'declined'],
  ] as const)
    app.post(
      `/web/operator/credit-requests/:id/${path}`,
      protectedRoute('operator', {
        tags,
        summary:
          state === 'granted'
            ? 'Grant a waiting request once (one ledger entry); the requester is e-mailed'
            : 'Decline a waiting request; the requester is e-mailed',
        params: operatorParamsSchema,
        body: operatorDecisionBodySchema,
        response: { 200: operatorRequestResponseSchema, ...changeErrors },
      }),
      async (request) =>
        operator.decide({
          operatorId: authOf(request).userId,
          requestId: request.params.id,
          state,
          note: request.body.note,
        }),
    );

  app.get(
    '/web/operator/audit',
    protectedRoute('operator', {
      tags,
      summary: "The operators' actions (a hash chain), newest first, optionally of one account",
      querystring: operatorAuditQuerySchema,
      response: { 200: operatorAuditResponseSchema, 422: errorEnvelopeSchema },
    }),
    async (request) => {
      const { account_id, limit, skip } = request.query;
      return operator.audit({ accountId: account_id, limit, offset: skip });
    },
  );
};

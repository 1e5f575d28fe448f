import {
  createEvaluationBodies,
  createEvaluationBodySchema,
  editEvaluationBodies,
  editEvaluationBodySchema,
  errorEnvelopeSchema,
  evaluationIdBodySchema,
  evaluationListingQuerySchema,
  evaluationListingResponseSchema,
  evaluationMessageResponseSchema,
  getEvaluationQuerySchema,
  getEvaluationResponseSchema,
  isakTemResponseSchema,
  listEvaluationsQuerySchema,
  listEvaluationsResponseSchema,
  saveEvaluationResponseSchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { translate } from '../../lib/i18n.ts';
import { audited, auditTargetOf, bodyField, queryField, transactionRecorder } from '../../lib/audit-route.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createEvaluationsService } from './evaluations.service.ts';
import { createEvaluatorTemService } from './evaluator-tem.service.ts';

const evaluationTarget = auditTargetOf('evaluation');
const savedId = (body: unknown) => (body as { evaluacion?: { id?: unknown } } | undefined)?.evaluacion?.id;

const errors = {
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};
const tags = ['evaluations'];

/** Evaluations (spec §7). Clients (type 2) may list and read their own; every write is 403 for them. */
export const evaluationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const evaluations = createEvaluationsService(app.deps);
  const evaluatorTem = createEvaluatorTemService(app.deps);
  const audit = createAuditService(app.deps);
  /** The writes' events are written in their transaction: a change and its event stand or fall together. */
  const recordIn = (request: Parameters<typeof transactionRecorder>[0]) =>
    transactionRecorder(request, 'evaluation', audit.recordInTransaction);

  app.post(
    '/web/ingresaevaluacion',
    audited(
      protectedRoute('professional', {
        tags,
        summary: 'Create an evaluation: the server computes the results and charges EVALUATION_CREDIT_COST credits',
        body: createEvaluationBodySchema,
        documentedBody: createEvaluationBodies,
        response: { 200: saveEvaluationResponseSchema, ...errors },
      }),
      {
        action: 'create',
        resource: 'evaluation',
        target: (_, body) => evaluationTarget(savedId(body())),
        inTransaction: true,
      },
    ),
    async (request) => {
      const saved = await evaluations.create({
        actor: authOf(request),
        body: request.body,
        recordIn: recordIn(request),
      });
      return { message: translate(request.lang, 'messages.evaluationCreated'), ...saved };
    },
  );

  app.post(
    '/web/editEvaluation',
    audited(
      protectedRoute('professional', {
        tags,
        summary: 'Edit an evaluation: saves version n+1 (earlier versions stay readable)',
        body: editEvaluationBodySchema,
        documentedBody: editEvaluationBodies,
        response: { 200: saveEvaluationResponseSchema, ...errors },
      }),
      {
        action: 'update',
        resource: 'evaluation',
        // From the request, so another account's attempt (404) is recorded as denied too.
        target: (request) => evaluationTarget(bodyField(request, 'evaluationID')),
        inTransaction: true,
      },
    ),
    async (request) => {
      const saved = await evaluations.edit({
        actor: authOf(request),
        body: request.body,
        recordIn: recordIn(request),
      });
      return { message: translate(request.lang, 'messages.evaluationEdited'), ...saved };
    },
  );

  app.post(
    '/web/eliminaevaluacion',
    audited(
      protectedRoute('professional', {
        tags,
        summary: 'Delete an evaluation (soft delete; its versions are kept)',
        body: evaluationIdBodySchema,
        response: { 200: evaluationMessageResponseSchema, ...errors },
      }),
      {
        action: 'delete',
        resource: 'evaluation',
        target: (request) => evaluationTarget(bodyField(request, 'evaluationID')),
        inTransaction: true,
      },
    ),
    async (request) => {
      await evaluations.remove({
        actor: authOf(request),
        evaluationId: request.body.evaluationID,
        recordIn: recordIn(request),
      });
      return { message: translate(request.lang, 'messages.evaluationDeleted') };
    },
  );

  app.get(
    '/web/getevaluacion',
    audited(
      protectedRoute(
        'any',
        {
          tags,
          summary: 'One evaluation: inputs, results, client, evaluator, versions and the client history',
          querystring: getEvaluationQuerySchema,
          response: { 200: getEvaluationResponseSchema, ...errors },
        },
        { responseCache: true },
      ),
      {
        action: 'read',
        resource: 'evaluation',
        target: (request) => evaluationTarget(queryField(request, 'evaluationID')),
      },
    ),
    async (request) => ({
      data: await evaluations.get({
        actor: authOf(request),
        evaluationId: request.query.evaluationID,
        version: request.query.version,
      }),
    }),
  );

  app.get(
    '/web/listaevaluaciones',
    audited(
      protectedRoute(
        'any',
        {
          tags,
          summary: 'Evaluations in scope, newest first, paged, with prefix filters',
          querystring: listEvaluationsQuerySchema,
          response: { 200: listEvaluationsResponseSchema, ...errors },
        },
        { responseCache: true },
      ), // One client's evaluation list is a read of that client's record; the general list is not.
      {
        action: 'read',
        resource: 'evaluation_list',
        target: (request) => auditTargetOf('client')(queryField(request, 'id_evaluado')),
      },
    ),
    async (request) => {
      const q = request.query;
      const auth = authOf(request);
      return evaluations.list({
        actor: auth,
        dataVersion: { accountId: auth.accountId, version: auth.dataVersion },
        page: q.page,
        limit: q.limit,
        scopeUserId: q.id_usuario,
        cursor: q.cursor,
        filters: {
          nombre: q.filter_nombre,
          apellido: q.filter_apellido,
          email: q.filter_email,
          rut: q.filter_rut,
          companyId: q.filter_company,
          clientId: q.id_evaluado,
        },
      });
    },
  );

  app.get(
    '/web/isak/tem',
    protectedRoute('professional', {
      tags,
      summary:
        "The signed-in professional's technical error of measurement per month over its own ISAK profiles (last 24 months), with ISAK's limits",
      response: { 200: isakTemResponseSchema, ...errors },
    }),
    async (request) => ({ data: await evaluatorTem.forEvaluator(authOf(request).userId) }),
  );

  app.get(
    '/web/evaluationListing',
    protectedRoute('professional', {
      tags,
      summary: "The new-evaluation wizard's client search (max 20)",
      querystring: evaluationListingQuerySchema,
      response: { 200: evaluationListingResponseSchema, ...errors },
    }),
    async (request) =>
      evaluations.listing({
        actor: authOf(request),
        parentId: request.query.parent_user_id,
        search: request.query.search,
      }),
  );
};

import {
  createEvaluationBodySchema,
  editEvaluationBodySchema,
  errorEnvelopeSchema,
  evaluationIdBodySchema,
  evaluationListingQuerySchema,
  evaluationListingResponseSchema,
  evaluationMessageResponseSchema,
  getEvaluationQuerySchema,
  getEvaluationResponseSchema,
  listEvaluationsQuerySchema,
  listEvaluationsResponseSchema,
  saveEvaluationResponseSchema,
} from '@medida/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../lib/i18n.ts';
import { createEvaluationsService } from './evaluations.service.ts';

const errors = {
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};
const tags = ['evaluations'];
const security = [{ bearer: [] }];

/** Evaluations (spec §7). Clients (type 2) may list and read their own; every write is 403 for them. */
export const evaluationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const evaluations = createEvaluationsService(app.deps);
  const actor = (request: FastifyRequest) => request.auth!.userId;
  // Before body validation: a client gets 403 whatever it sends.
  const professionalOnly = async (request: FastifyRequest) => {
    await evaluations.requireProfessional(actor(request));
  };

  app.post(
    '/web/ingresaevaluacion',
    {
      config: { public: false },
      preValidation: professionalOnly,
      schema: {
        tags,
        summary: 'Create an evaluation: the server computes the results and charges EVALUATION_CREDIT_COST credits',
        security,
        body: createEvaluationBodySchema,
        response: { 200: saveEvaluationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const saved = await evaluations.create({ actorId: actor(request), body: request.body });
      return { message: translate(request.lang, 'messages.evaluationCreated'), ...saved };
    },
  );

  app.post(
    '/web/editEvaluation',
    {
      config: { public: false },
      preValidation: professionalOnly,
      schema: {
        tags,
        summary: 'Edit an evaluation: saves version n+1 (earlier versions stay readable)',
        security,
        body: editEvaluationBodySchema,
        response: { 200: saveEvaluationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const saved = await evaluations.edit({ actorId: actor(request), body: request.body });
      return { message: translate(request.lang, 'messages.evaluationEdited'), ...saved };
    },
  );

  app.post(
    '/web/eliminaevaluacion',
    {
      config: { public: false },
      preValidation: professionalOnly,
      schema: {
        tags,
        summary: 'Delete an evaluation (soft delete; its versions are kept)',
        security,
        body: evaluationIdBodySchema,
        response: { 200: evaluationMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await evaluations.remove({ actorId: actor(request), evaluationId: request.body.evaluationID });
      return { message: translate(request.lang, 'messages.evaluationDeleted') };
    },
  );

  app.get(
    '/web/getevaluacion',
    {
      config: { public: false },
      schema: {
        tags,
        summary: 'One evaluation: inputs, results, client, evaluator, versions and the client history',
        security,
        querystring: getEvaluationQuerySchema,
        response: { 200: getEvaluationResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await evaluations.get({
        actorId: actor(request),
        evaluationId: request.query.evaluationID,
        version: request.query.version,
      }),
    }),
  );

  app.get(
    '/web/listaevaluaciones',
    {
      config: { public: false },
      schema: {
        tags,
        summary: 'Evaluations in scope, newest first, paged, with prefix filters',
        security,
        querystring: listEvaluationsQuerySchema,
        response: { 200: listEvaluationsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return evaluations.list({
        actorId: actor(request),
        page: q.page,
        limit: q.limit,
        scopeUserId: q.id_usuario,
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
    '/web/evaluationListing',
    {
      config: { public: false },
      preValidation: professionalOnly,
      schema: {
        tags,
        summary: "The new-evaluation wizard's client search (max 20)",
        security,
        querystring: evaluationListingQuerySchema,
        response: { 200: evaluationListingResponseSchema, ...errors },
      },
    },
    async (request) =>
      evaluations.listing({
        actorId: actor(request),
        parentId: request.query.parent_user_id,
        search: request.query.search,
      }),
  );
};

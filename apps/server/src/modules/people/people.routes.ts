import multipart from '@fastify/multipart';
import {
  createUserBodies,
  createUserResponseSchema,
  deleteUserBodySchema,
  editUserBodies,
  editUserResponseSchema,
  emailChangeRequestBodySchema,
  emailChangeRequestParamsSchema,
  errorEnvelopeSchema,
  getManagedUserQuerySchema,
  getManagedUserResponseSchema,
  getMyClientsQuerySchema,
  getMyClientsResponseSchema,
  getMyEvaluatorsQuerySchema,
  getMyEvaluatorsResponseSchema,
  ingresoPerfilBodySchema,
  listadoPerfilResponseSchema,
  messageSchema,
} from '@medida/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, protectedRoute } from '../../lib/access.ts';
import { translate } from '../../lib/i18n.ts';
import { MULTIPART_LIMITS, readUserForm } from '../attachments/upload.ts';
import { createUploadGuards } from '../attachments/upload-guard.ts';
import { audited, auditTargetOf, bodyField, queryField, transactionRecorder } from '../../lib/audit-route.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createPeopleService, type PeopleRecorders } from './people.service.ts';

const clientTarget = auditTargetOf('client');
const createdId = (body: unknown) => (body as { data?: { id?: unknown } } | undefined)?.data?.id;

const errors = {
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};
const uploadErrors = {
  ...errors,
  413: errorEnvelopeSchema,
  415: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};

/** Clients and network professionals of the acting professional (spec §6, §7). */
export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: only these routes accept multipart, with the attachment limits.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  const { storage } = app.deps;
  const people = createPeopleService({ ...app.deps, storage });
  const uploadGuards = createUploadGuards(app.deps, storage);
  const audit = createAuditService(app.deps);
  /** The writes' events are written in their transaction: a change and its events stand or fall together. */
  const recordIn = (request: Parameters<typeof transactionRecorder>[0]): PeopleRecorders => ({
    change: transactionRecorder(request, 'client', audit.recordInTransaction),
    attachmentCreated: transactionRecorder(request, 'attachment', audit.recordInTransaction, {
      action: 'create',
      resource: 'attachment',
    }),
    attachmentDeleted: transactionRecorder(request, 'attachment', audit.recordInTransaction, {
      action: 'delete',
      resource: 'attachment',
    }),
  });

  app.post(
    '/web/create_user',
    audited(
      protectedRoute(
        'professional',
        {
          tags: ['people'],
          summary: 'Create a client (type 2, optionally with attachments) or a network professional (type 1)',
          documentedBody: createUserBodies,
          response: { 200: createUserResponseSchema, ...uploadErrors },
        },
        { verifiedEmail: true },
      ),
      {
        action: 'create',
        resource: 'client',
        target: (_, body) => clientTarget(createdId(body())),
        inTransaction: true,
      },
    ),
    async (request) => {
      const form = await readUserForm(request, storage, uploadGuards.forRequest(request, authOf(request).userId));
      const data = await people.create({ actorId: authOf(request).userId, form, recordIn: recordIn(request) });
      return { message: translate(request.lang, 'messages.userCreated'), data };
    },
  );

  app.post(
    '/web/editaperfil',
    audited(
      protectedRoute('professional', {
        tags: ['people'],
        summary: 'Edit a managed user; clients may add and delete attachments in the same save',
        documentedBody: editUserBodies,
        response: { 200: editUserResponseSchema, ...uploadErrors },
      }),
      { action: 'update', resource: 'client', inTransaction: true },
    ),
    async (request) => {
      const form = await readUserForm(request, storage, uploadGuards.forRequest(request, authOf(request).userId));
      const saved = await people.edit({ actorId: authOf(request).userId, form, recordIn: recordIn(request) });
      request.auditTarget = { kind: 'client', id: saved.id };
      const key = saved.email === 'pending' ? 'messages.userEditedEmailPending' : 'messages.userEdited';
      return { message: translate(request.lang, key) };
    },
  );

  app.post(
    '/web/people/:id/email-change-request',
    protectedRoute('professional', {
      tags: ['people'],
      summary:
        'Ask a managed user who chose its own password to change its login e-mail: an e-mail to its current address (decision 202)',
      params: emailChangeRequestParamsSchema,
      body: emailChangeRequestBodySchema,
      response: { 200: messageSchema, ...errors, 429: errorEnvelopeSchema },
    }),
    async (request) => {
      const asked = await people.askEmailChange({
        actorId: authOf(request).userId,
        userId: request.params.id,
        email: request.body.email,
      });
      return { message: translate(request.lang, 'messages.emailChangeAsked', { nombre: asked.nombre }) };
    },
  );

  app.post(
    '/web/eliminausuario',
    audited(
      protectedRoute('professional', {
        tags: ['people'],
        summary: 'Delete a managed user (soft delete; evaluations keep their references)',
        body: deleteUserBodySchema,
        response: { 200: messageSchema, ...errors },
      }),
      {
        action: 'delete',
        resource: 'client',
        target: (request) => clientTarget(bodyField(request, 'id_usuario')),
        inTransaction: true,
      },
    ),
    async (request) => {
      await people.remove({
        actorId: authOf(request).userId,
        userId: request.body.id_usuario,
        recordIn: recordIn(request),
      });
      return { message: translate(request.lang, 'messages.userDeleted') };
    },
  );

  app.get(
    '/web/getMyClients',
    protectedRoute(
      'professional',
      {
        tags: ['people'],
        summary: 'Clients directly under parent_user_id (the actor or a professional below it), paged',
        querystring: getMyClientsQuerySchema,
        response: { 200: getMyClientsResponseSchema, ...errors },
      },
      { responseCache: true },
    ),
    async (request) => {
      const q = request.query;
      return people.listClients({
        actorId: authOf(request).userId,
        parentId: q.parent_user_id,
        limit: q.limit,
        skip: q.skip,
        search: q.search,
      });
    },
  );

  app.get(
    '/web/getMyEvaluators',
    protectedRoute('professional', {
      tags: ['people'],
      summary: 'Network professionals directly under parent_user_id',
      querystring: getMyEvaluatorsQuerySchema,
      response: { 200: getMyEvaluatorsResponseSchema, ...errors },
    }),
    async (request) =>
      people.listEvaluators({ actorId: authOf(request).userId, parentId: request.query.parent_user_id }),
  );

  app.get(
    '/web/usuario',
    audited(
      protectedRoute('any', {
        tags: ['people'],
        summary: 'One managed user (or oneself) with attachments',
        querystring: getManagedUserQuerySchema,
        response: { 200: getManagedUserResponseSchema, ...errors },
      }),
      { action: 'read', resource: 'client', target: (request) => clientTarget(queryField(request, 'id_usuario')) },
    ),
    async (request) => ({
      data: await people.get({ actorId: authOf(request).userId, userId: request.query.id_usuario }),
    }),
  );

  app.get(
    '/web/listadoperfil',
    protectedRoute('any', {
      tags: ['people'],
      summary: "The signed-in user's own record, with its language (profile)",
      response: { 200: listadoPerfilResponseSchema },
    }),
    async (request) => ({ data: await people.ownProfile(authOf(request).userId) }),
  );

  app.post(
    '/web/ingresoperfil',
    protectedRoute('any', {
      tags: ['people'],
      summary:
        "Edit one's own data with the edit forms' rules and the language preference (the e-mail and the password have their own flows)",
      body: ingresoPerfilBodySchema,
      response: { 200: listadoPerfilResponseSchema, ...errors },
    }),
    async (request) => ({ data: await people.editSelf(authOf(request).userId, request.body) }),
  );
};

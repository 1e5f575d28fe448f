import multipart from '@fastify/multipart';
import {
  createUserResponseSchema,
  deleteUserBodySchema,
  editUserResponseSchema,
  errorEnvelopeSchema,
  getManagedUserQuerySchema,
  getManagedUserResponseSchema,
  getMyClientsQuerySchema,
  getMyClientsResponseSchema,
  getMyEvaluatorsQuerySchema,
  getMyEvaluatorsResponseSchema,
  messageSchema,
} from '@medida/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import path from 'node:path';
import { translate } from '../../lib/i18n.ts';
import { createDiskStorage } from '../../lib/storage.ts';
import { MULTIPART_LIMITS, readUserForm } from '../attachments/upload.ts';
import { createPeopleService } from './people.service.ts';

const errors = {
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};
const uploadErrors = { ...errors, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };
const multipartBody = {
  description:
    'application/json, or multipart/form-data with the same fields as text parts plus files[], files_info (JSON) and, on edit, deleted_files (JSON) and id_uploader',
};

/** Clients and network professionals of the acting professional (spec §6, §7). */
export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: only these routes accept multipart, with the attachment limits.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  const storage = createDiskStorage(path.join(app.deps.config.dataDir, 'uploads'));
  const people = createPeopleService({ ...app.deps, storage });
  const actor = (request: FastifyRequest) => request.auth!.userId;
  // Runs before body/query validation: a client gets 403 whatever it sends.
  const professionalOnly = async (request: FastifyRequest) => people.requireProfessional(actor(request));

  app.post(
    '/web/create_user',
    {
      config: { public: false },
      preValidation: professionalOnly,
      schema: {
        tags: ['people'],
        summary: 'Create a client (type 2, optionally with attachments) or a network professional (type 1)',
        security: [{ bearer: [] }],
        ...multipartBody,
        response: { 200: createUserResponseSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const form = await readUserForm(request, storage);
      const data = await people.create({ actorId: actor(request), form });
      return { message: translate(request.lang, 'messages.userCreated'), data };
    },
  );

  app.post(
    '/web/editaperfil',
    {
      config: { public: false },
      preValidation: professionalOnly,
      schema: {
        tags: ['people'],
        summary: 'Edit a managed user; clients may add and delete attachments in the same save',
        security: [{ bearer: [] }],
        ...multipartBody,
        response: { 200: editUserResponseSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const form = await readUserForm(request, storage);
      await people.edit({ actorId: actor(request), form });
      return { message: translate(request.lang, 'messages.userEdited') };
    },
  );

  app.post(
    '/web/eliminausuario',
    {
      config: { public: false },
      preValidation: professionalOnly,
      schema: {
        tags: ['people'],
        summary: 'Delete a managed user (soft delete; evaluations keep their references)',
        security: [{ bearer: [] }],
        body: deleteUserBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await people.remove({ actorId: actor(request), userId: request.body.id_usuario });
      return { message: translate(request.lang, 'messages.userDeleted') };
    },
  );

  app.get(
    '/web/getMyClients',
    {
      config: { public: false },
      preValidation: professionalOnly,
      schema: {
        tags: ['people'],
        summary: 'Clients directly under parent_user_id (the actor or a professional below it), paged',
        security: [{ bearer: [] }],
        querystring: getMyClientsQuerySchema,
        response: { 200: getMyClientsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return people.listClients({
        actorId: actor(request),
        parentId: q.parent_user_id,
        limit: q.limit,
        skip: q.skip,
        search: q.search,
      });
    },
  );

  app.get(
    '/web/getMyEvaluators',
    {
      config: { public: false },
      preValidation: professionalOnly,
      schema: {
        tags: ['people'],
        summary: 'Network professionals directly under parent_user_id',
        security: [{ bearer: [] }],
        querystring: getMyEvaluatorsQuerySchema,
        response: { 200: getMyEvaluatorsResponseSchema, ...errors },
      },
    },
    async (request) => people.listEvaluators({ actorId: actor(request), parentId: request.query.parent_user_id }),
  );

  app.get(
    '/web/usuario',
    {
      config: { public: false },
      schema: {
        tags: ['people'],
        summary: 'One managed user (or oneself) with attachments',
        security: [{ bearer: [] }],
        querystring: getManagedUserQuerySchema,
        response: { 200: getManagedUserResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await people.get({ actorId: actor(request), userId: request.query.id_usuario }) }),
  );
};

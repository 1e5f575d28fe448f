import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  clientBody,
  multipartPayload,
  networkBody,
  sampleFiles,
  twoTenants,
  editableFields,
} from '../../test/people-factories.ts';
import { checkRouteForEveryActor, type MatrixFixtures, type RouteCase } from '../../test/permission-matrix.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * The permission matrix (security.md R14/R15): every route of the clients/network issue × every actor,
 * with the expected status. Denied cells also check that the database did not change and that the
 * body carries none of the owner's client data.
 */

type Fixtures = MatrixFixtures & { attachmentId: number };

const routes: RouteCase<Fixtures>[] = [
  {
    route: 'POST /web/create_user (client)',
    request: (f) => ({ method: 'POST', url: '/web/create_user', payload: clientBody(f.ids, f.owner.id) }),
    expected: { none: 401, client: 403, other: 404, owner: 200 },
  },
  {
    route: 'POST /web/create_user (network, multipart)',
    request: async (f) => {
      const { payload, headers } = await multipartPayload({ ...networkBody(f.ids, f.owner.id) });
      return { method: 'POST', url: '/web/create_user', payload, headers };
    },
    expected: { none: 401, client: 403, other: 404, owner: 200 },
  },
  {
    route: 'POST /web/editaperfil (client, multipart with a file)',
    request: async (f, actorId) => {
      const fields = {
        ...editableFields(clientBody(f.ids, f.owner.id)),
        id_usuario: f.client.id,
        email: f.client.email,
        id_uploader: actorId,
        files_info: [{ title: 't', description: 'd' }],
        deleted_files: [f.attachmentId],
      };
      const { payload, headers } = await multipartPayload(fields, [{ name: 'x.png', data: sampleFiles.png() }]);
      return { method: 'POST', url: '/web/editaperfil', payload, headers };
    },
    expected: { none: 401, client: 403, other: 404, owner: 200 },
  },
  {
    route: 'POST /web/editaperfil (network, JSON)',
    request: (f) => ({
      method: 'POST',
      url: '/web/editaperfil',
      payload: {
        ...editableFields(networkBody(f.ids, f.owner.id)),
        id_usuario: f.colleague.id,
        email: f.colleague.email,
      },
    }),
    expected: { none: 401, client: 403, other: 404, owner: 200 },
  },
  {
    route: 'POST /web/eliminausuario',
    request: (f) => ({ method: 'POST', url: '/web/eliminausuario', payload: { id_usuario: f.client.id } }),
    expected: { none: 401, client: 403, other: 404, owner: 200 },
  },
  {
    route: 'GET /web/getMyClients',
    request: (f) => ({ method: 'GET', url: `/web/getMyClients?type=2&parent_user_id=${f.owner.id}&limit=10&skip=0` }),
    expected: { none: 401, client: 403, other: 404, owner: 200 },
  },
  {
    route: 'GET /web/getMyEvaluators',
    request: (f) => ({ method: 'GET', url: `/web/getMyEvaluators?parent_user_id=${f.owner.id}` }),
    expected: { none: 401, client: 403, other: 404, owner: 200 },
  },
  {
    route: 'GET /web/usuario',
    request: (f) => ({ method: 'GET', url: `/web/usuario?id_usuario=${f.client.id}` }),
    expected: { none: 401, client: 200, other: 404, owner: 200 },
  },
  {
    route: 'GET /web/attachments/:id/download',
    request: (f) => ({ method: 'GET', url: `/web/attachments/${f.attachmentId}/download` }),
    expected: { none: 401, client: 200, other: 404, owner: 200 },
  },
  {
    route: 'POST /web/cambiacreditosnew',
    request: (f, actorId) => ({
      method: 'POST',
      url: '/web/cambiacreditosnew',
      payload: { user_id: f.client.id, id_usuario: actorId, creditos: 5 },
    }),
    expected: { none: 401, client: 403, other: 404, owner: 200 },
  },
  {
    route: 'GET /web/getCompanies',
    request: () => ({ method: 'GET', url: '/web/getCompanies' }),
    expected: { none: 401, client: 200, other: 200, owner: 200 },
  },
  {
    route: 'GET /web/countries',
    request: () => ({ method: 'GET', url: '/web/countries' }),
    expected: { none: 200, client: 200, other: 200, owner: 200 },
  },
  {
    route: 'GET /web/states',
    request: (f) => ({ method: 'GET', url: `/web/states?country_id=${f.ids.pais_id}` }),
    expected: { none: 200, client: 200, other: 200, owner: 200 },
  },
  {
    route: 'GET /web/cities',
    request: (f) => ({ method: 'GET', url: `/web/cities?state_id=${f.ids.region_id}` }),
    expected: { none: 200, client: 200, other: 200, owner: 200 },
  },
];

describe('permission matrix: route × actor', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  async function fixtures(): Promise<Fixtures> {
    const t = await twoTenants(ctx);
    const { payload, headers } = await multipartPayload(
      {
        ...editableFields(clientBody(t.ids, t.owner.id)),
        id_usuario: t.client.id,
        email: t.client.email,
        files_info: [{ title: 'Lab', description: 'Exámenes' }],
      },
      [{ name: 'lab.pdf', data: sampleFiles.pdf() }],
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/editaperfil',
      headers: { ...t.owner.headers, ...headers },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    const attachment = await ctx.db
      .selectFrom('attachments')
      .select('id')
      .where('user_id', '=', t.client.id)
      .executeTakeFirstOrThrow();
    return { ...t, attachmentId: attachment.id };
  }

  /** Everything a denied write could touch. */
  const snapshot = async () => ({
    users: await ctx.db
      .selectFrom('users')
      .select(['id', 'email', 'nombre', 'creditos', 'parent_user_id', 'deleted_at', 'updated_at'])
      .orderBy('id')
      .execute(),
    attachments: await ctx.db
      .selectFrom('attachments')
      .select(['id', 'user_id', 'storage_key'])
      .orderBy('id')
      .execute(),
    ledger: await ctx.db.selectFrom('credit_ledger').selectAll().orderBy('id').execute(),
  });

  it.each(routes)('$route', async (row) => {
    const f = await fixtures();
    await checkRouteForEveryActor(ctx, f, row, {
      snapshot,
      secrets: [f.client.email, 'Exámenes'], // the client's e-mail and its attachment's description
      blindActors: ['other', 'none'],
    });
  });
});

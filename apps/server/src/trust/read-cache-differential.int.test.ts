import { CONSENT_TEXT_VERSION } from '@medida/contracts';
import { createDb, type DbHandle } from '@medida/db';
import { createFreshTestDb } from '@medida/db/testing';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { target, type Target } from '../test/access-matrix.ts';
import { evaluationBody } from '../test/evaluation-factories.ts';
import { bearer, login } from '../test/factories.ts';
import { clientBody, editableFields, multipartPayload, networkBody, sampleFiles } from '../test/people-factories.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

/**
 * The response cache's strongest proof (decision 160): after every kind of write that can change what a cached
 * route shows, each cached route's answer from the caching server equals the answer of a server without the
 * cache on the same database. Half the writes go through the other server (a second instance: its own
 * connection pool on PostgreSQL), so a write elsewhere must be seen on the very next request.
 */
describe('read cache: cached answers equal uncached ones after every write', () => {
  let cached: TestContext;
  let plain: TestContext;
  let t: Target;
  let colleagueHeaders: { authorization: string };
  const evaluationIds = new Set<number>();
  const clientIds = new Set<number>();

  beforeAll(async () => {
    const first = await createFreshTestDb();
    // PostgreSQL: a second pool, as a second server instance has; PGlite: one process, one database.
    const second: DbHandle = first.connectionString
      ? await createDb({ postgres: { connectionString: first.connectionString, max: 5 } })
      : { ...first, close: async () => {} };
    cached = await createTestApp({}, { handle: first });
    plain = await createTestApp({ RESPONSE_CACHE_MB: '0' }, { handle: second });
    t = await target(cached);
    evaluationIds.add(t.evaluationId);
    clientIds.add(t.client.id);
    colleagueHeaders = bearer(
      await login(cached.app, { email: t.colleague.email, password: 'correct horse battery staple' }),
    );
  }, 180_000); // two servers and a whole target account: slow on a loaded machine
  afterAll(async () => {
    await plain?.close();
    await cached?.close();
  });

  /** Every cached route as each kind of reader sees it (a deleted evaluation's 404 included). */
  function reads(): Array<{ who: string; headers: object; url: string; lang?: string }> {
    const owner = { who: 'owner', headers: t.owner.headers };
    const colleague = { who: 'colleague', headers: colleagueHeaders };
    const client = { who: 'client', headers: t.client.headers };
    const list = '/web/listaevaluaciones?page=1&limit=20';
    const rows = [
      { ...owner, url: list },
      { ...owner, url: `${list}&filter_company=${t.companyId}` },
      { ...owner, url: `/web/getMyClients?type=2&parent_user_id=${t.owner.id}&limit=10&skip=0` },
      { ...owner, url: `/web/getMyClients?type=2&parent_user_id=${t.colleague.id}&limit=10&skip=0` },
      { ...owner, url: `/web/getMyClients?type=2&parent_user_id=${t.owner.id}&search=soto`, lang: 'en' },
      { ...colleague, url: list },
      { ...colleague, url: `/web/getMyClients?type=2&parent_user_id=${t.colleague.id}&limit=10&skip=0` },
      { ...client, url: list },
      { ...owner, url: '/web/getdash' },
      { ...owner, url: `/web/getdash?id_usuario=${t.colleague.id}`, lang: 'en' },
      { ...colleague, url: '/web/getdash' },
      { ...client, url: '/web/portal/professional' },
      { ...client, url: '/web/portal/evaluations' },
    ];
    for (const id of clientIds) rows.push({ ...owner, url: `${list}&id_evaluado=${id}` });
    for (const id of evaluationIds) {
      rows.push({ ...owner, url: `/web/getevaluacion?evaluationID=${id}` });
      rows.push({ ...colleague, url: `/web/getevaluacion?evaluationID=${id}` });
      rows.push({ ...client, url: `/web/getevaluacion?evaluationID=${id}` });
    }
    return rows;
  }

  async function compareAll(step: string) {
    for (const read of reads()) {
      const headers = { ...read.headers, 'accept-language': read.lang ?? 'es' };
      // Twice from the caching server: the second is a hit whenever the first was stored.
      for (let round = 0; round < 2; round++) {
        const got = await cached.app.inject({ method: 'GET', url: read.url, headers });
        const want = await plain.app.inject({ method: 'GET', url: read.url, headers });
        expect(`${step}: ${read.who} ${read.url} → ${got.statusCode} ${got.body}`).toBe(
          `${step}: ${read.who} ${read.url} → ${want.statusCode} ${want.body}`,
        );
      }
    }
  }

  /** A write through one of the two servers, as the owner unless other headers are given. */
  async function write(via: TestContext, options: InjectOptions, headers: object = t.owner.headers) {
    const res = await via.app.inject({ ...options, headers: { ...(options.headers as object), ...headers } });
    expect(res.statusCode, `${options.method} ${options.url}: ${res.body}`).toBeLessThan(300);
    return res;
  }
  const post = (url: string, payload: object): InjectOptions => ({ method: 'POST', url, payload });

  it('follows every write, from this server or the other one', async () => {
    await compareAll('start');
    const hitsBefore = cached.app.responseCache.stats().hits;

    const steps: Array<[string, () => Promise<unknown>]> = [
      [
        'evaluation created (other server)',
        async () => {
          const res = await write(plain, post('/web/ingresaevaluacion', evaluationBody(t.client.id, t.owner.id)));
          evaluationIds.add(res.json<{ evaluacion: { id: number } }>().evaluacion.id);
        },
      ],
      [
        'credits moved to the colleague',
        () =>
          write(
            cached,
            post('/web/cambiacreditosnew', { user_id: t.colleague.id, id_usuario: t.owner.id, creditos: 7 }),
          ),
      ],
      [
        'a client of the colleague, evaluated by the colleague',
        async () => {
          const created = await write(
            cached,
            post('/web/create_user', clientBody(t.ids, t.colleague.id, { nombre: 'Ines', apellido: 'Soto' })),
            colleagueHeaders,
          );
          const clientId = created.json<{ data: { id: number } }>().data.id;
          clientIds.add(clientId);
          const res = await write(
            plain,
            post('/web/ingresaevaluacion', evaluationBody(clientId, t.colleague.id, { fecha: '2026-02-21' })),
            colleagueHeaders,
          );
          evaluationIds.add(res.json<{ evaluacion: { id: number } }>().evaluacion.id);
        },
      ],
      [
        'evaluation edited',
        () =>
          write(
            cached,
            post('/web/editEvaluation', {
              ...evaluationBody(t.client.id, t.owner.id, { peso: 70.1, fecha: '2026-02-19' }),
              evaluationID: t.evaluationId,
            }),
          ),
      ],
      ['evaluation e-mailed', () => write(plain, post('/web/enviarevalua', { evaluationID: t.evaluationId }))],
      [
        'client created',
        async () => {
          const res = await write(
            cached,
            post('/web/create_user', clientBody(t.ids, t.owner.id, { nombre: 'Zoe', apellido: 'Soto' })),
          );
          clientIds.add(res.json<{ data: { id: number } }>().data.id);
        },
      ],
      [
        'client edited with an attachment and a company (other server)',
        async () => {
          const upload = await multipartPayload(
            {
              ...editableFields(clientBody(t.ids, t.owner.id, { nombre: 'Renata' })),
              id_usuario: t.client.id,
              email: t.client.email,
              rut: t.client.rut,
              company_id: t.companyId,
              files_info: [{ title: 'x', description: 'y' }],
            },
            [{ name: 'x.png', data: sampleFiles.png() }],
          );
          await write(plain, { method: 'POST', url: '/web/editaperfil', ...upload });
        },
      ],
      [
        'company renamed',
        () => write(cached, { method: 'PATCH', url: `/web/companies/${t.companyId}`, payload: { name: 'Norte Sur' } }),
      ],
      [
        'company archived (other server)',
        () => write(plain, { method: 'PATCH', url: `/web/companies/${t.companyId}`, payload: { archived: true } }),
      ],
      [
        'consent given',
        () =>
          write(
            cached,
            post(`/web/clients/${t.client.id}/consent`, {
              consent_method: 'verbal',
              consent_version: CONSENT_TEXT_VERSION,
              consent_lang: 'en',
            }),
          ),
      ],
      ['consent withdrawn', () => write(plain, post(`/web/clients/${t.client.id}/consent/withdraw`, {}))],
      [
        'client avatar (the client itself)',
        async () => {
          const { payload, headers } = await multipartPayload(
            {},
            [{ name: 'me.png', data: sampleFiles.png() }],
            'files',
          );
          await write(cached, { method: 'POST', url: '/web/avatar', payload, headers }, t.client.headers);
        },
      ],
      [
        'owner profile edited (the evaluator name)',
        async () => {
          const { email: _email, ...fields } = editableFields(networkBody(t.ids, t.owner.id, { apellido: 'Nuevo' }));
          await write(plain, post('/web/ingresoperfil', { ...fields, lang: 'es' }));
        },
      ],
      [
        'dashboard settings',
        () =>
          write(plain, {
            method: 'PUT',
            url: '/web/dashboard/settings',
            payload: { cards: [], follow_up_weeks: 3 },
          }),
      ],
      [
        'client handed over to the colleague',
        () => write(cached, post('/web/handover', { receiver_id: t.colleague.id, client_ids: [t.client.id] })),
      ],
      [
        'evaluation deleted (other server)',
        () => write(plain, post('/web/eliminaevaluacion', { evaluationID: t.evaluationId })),
      ],
      ['client deleted', () => write(cached, post('/web/eliminausuario', { id_usuario: [...clientIds].at(-1)! }))],
    ];
    for (const [step, run] of steps) {
      await run();
      await compareAll(step);
    }
    // The cache did serve answers (every round's second request at least), and never a stale one.
    expect(cached.app.responseCache.stats().hits).toBeGreaterThan(hitsBefore + steps.length);
  }, 300_000); // ~20 s alone; several times that beside the rest of the suite on a loaded machine
});

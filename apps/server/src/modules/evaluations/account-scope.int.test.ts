import { USER_TYPE } from '@medida/contracts';
import type { CompiledQuery } from '@medida/db';
import { createFreshTestDb } from '@medida/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluationBody } from '../../test/evaluation-factories.ts';
import { insertUser } from '../../test/factories.ts';
import { loggedIn, type Actor } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * The top of an account reads its whole account from `account_root_id` (no walk of the tree, a count on the
 * account's index alone: decision 100 addendum, issue 11); a professional below the top still its sub-tree only.
 * Same rows either way: the account's clients at any depth, deleted clients' evaluations included, nobody else's.
 */
describe('evaluation reads of an account top and of a professional below it', () => {
  let ctx: TestContext;
  /** The SQL of every statement the app runs outside transactions (the plan guard reads it). */
  const statements: string[] = [];
  let top: Actor;
  let middle: Actor;
  let stranger: Actor;
  const evaluations: Record<'top' | 'middle' | 'deep' | 'deleted' | 'foreign', number[]> = {
    top: [],
    middle: [],
    deep: [],
    deleted: [],
    foreign: [],
  };

  beforeAll(async () => {
    const handle = await createFreshTestDb();
    // Every query builder of this Kysely instance executes through its one executor: record the compiled SQL.
    const executor = handle.db.getExecutor();
    const executeQuery = executor.executeQuery.bind(executor);
    executor.executeQuery = ((query: CompiledQuery) => {
      statements.push(query.sql);
      return executeQuery(query);
    }) as typeof executor.executeQuery;
    ctx = await createTestApp({ RESPONSE_CACHE_MB: '0' }, { handle });

    top = await loggedIn(ctx, { creditos: 100 });
    middle = await loggedIn(ctx, { parent_user_id: top.id });
    const deepPro = await insertUser(ctx, { parent_user_id: middle.id });
    stranger = await loggedIn(ctx, { creditos: 100 });
    const clients = {
      top: await insertUser(ctx, { type: USER_TYPE.client, parent_user_id: top.id, nombre: 'Ana' }),
      middle: await insertUser(ctx, { type: USER_TYPE.client, parent_user_id: middle.id, nombre: 'Bruno' }),
      deep: await insertUser(ctx, { type: USER_TYPE.client, parent_user_id: deepPro.id, nombre: 'Carla' }),
      deleted: await insertUser(ctx, { type: USER_TYPE.client, parent_user_id: middle.id, nombre: 'Dario' }),
      foreign: await insertUser(ctx, { type: USER_TYPE.client, parent_user_id: stranger.id, nombre: 'Eva' }),
    };
    for (const [key, client] of Object.entries(clients) as Array<[keyof typeof clients, { id: number }]>) {
      const evaluator = key === 'foreign' ? stranger : top;
      for (const fecha of ['2026-02-10', '2026-02-20']) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/web/ingresaevaluacion',
          headers: evaluator.headers,
          payload: evaluationBody(client.id, evaluator.id, { fecha }),
        });
        expect(res.statusCode, res.body).toBe(200);
        evaluations[key].push(res.json().evaluacion.id);
      }
    }
    await ctx.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', clients.deleted.id).execute();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function listIds(actor: Actor, query = '') {
    const res = await ctx.app.inject({ url: `/web/listaevaluaciones?page=1&limit=50${query}`, headers: actor.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { ids: body.datos.map((d: { id: number }) => d.id).sort(), total: body.datos_total };
  }
  const sorted = (...lists: number[][]) => lists.flat().sort();

  it('the top lists every evaluation of its account, at any depth and of deleted clients, and nothing else', async () => {
    const all = sorted(evaluations.top, evaluations.middle, evaluations.deep, evaluations.deleted);
    expect(await listIds(top)).toEqual({ ids: all, total: all.length });
    // A filter on the client counts through the clients; the result is the same scope.
    expect(await listIds(top, '&filter_nombre=bru')).toEqual({ ids: sorted(evaluations.middle), total: 2 });
    // A page of 2 continued from its cursor reaches the rest, the count from the page's start.
    const first = (await ctx.app.inject({ url: '/web/listaevaluaciones?page=1&limit=2', headers: top.headers })).json();
    expect(first.datos_total).toBe(all.length);
    const second = await ctx.app.inject({
      url: `/web/listaevaluaciones?page=2&limit=2&cursor=${first.next_cursor}`,
      headers: top.headers,
    });
    expect(second.json().datos_total).toBe(all.length);
    expect(second.json().datos.map((d: { id: number }) => d.id)).not.toContain(first.datos[0].id);
  });

  it('a professional below the top lists its sub-tree only; a stranger its own account only', async () => {
    const below = sorted(evaluations.middle, evaluations.deep, evaluations.deleted);
    expect(await listIds(middle)).toEqual({ ids: below, total: below.length });
    expect(await listIds(stranger)).toEqual({ ids: sorted(evaluations.foreign), total: 2 });
  });

  it('one evaluation: the top reads any of its account; the one below and strangers get 404 outside theirs', async () => {
    const read = (actor: Actor, id: number) =>
      ctx.app.inject({ url: `/web/getevaluacion?evaluationID=${id}`, headers: actor.headers });
    expect((await read(top, evaluations.deep[0]!)).statusCode).toBe(200);
    expect((await read(middle, evaluations.deep[0]!)).statusCode).toBe(200);
    expect((await read(middle, evaluations.top[0]!)).statusCode).toBe(404);
    expect((await read(top, evaluations.foreign[0]!)).statusCode).toBe(404);
    expect((await read(stranger, evaluations.top[0]!)).statusCode).toBe(404);
  });

  it("plan guard: the top's list walks no tree and counts without reading clients; below the top the walk stays", async () => {
    statements.length = 0;
    await listIds(top);
    const topList = statements.find((s) => s.includes('"counted"'))!;
    expect(topList).toBeDefined();
    expect(topList).not.toMatch(/WITH RECURSIVE/i);
    // The count's sub-query reads evaluations alone (no join of the clients).
    expect(topList).toMatch(/count\(\*\) FROM \(select 1 as "one" from "evaluations" as "e" where.*\) as "counted"/s);

    statements.length = 0;
    await listIds(middle);
    expect(statements.find((s) => s.includes('"counted"'))).toMatch(/WITH RECURSIVE/i);
  });
});

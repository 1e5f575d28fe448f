import { USER_TYPE } from '@medida/contracts';
import { sql } from '@medida/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.ts';
import { loggedIn, twoTenants, type Actor } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

describe('credits: a ledger between a parent and its direct children', () => {
  let ctx: TestContext;
  let t: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    t = await twoTenants(ctx);
  });
  afterAll(() => ctx?.close());

  const change = (actor: Actor | { headers: object }, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/web/cambiacreditosnew', headers: { ...actor.headers }, payload });
  const balance = async (id: number) =>
    (await ctx.db.selectFrom('users').select('creditos').where('id', '=', id).executeTakeFirstOrThrow()).creditos;
  const total = async () =>
    (await sql<{ s: number }>`SELECT coalesce(sum(creditos), 0)::int AS s FROM users`.execute(ctx.db)).rows[0]!.s;

  it('raising takes the difference from the parent, lowering gives it back; each is a ledger entry', async () => {
    const sum = await total();
    const up = await change(t.owner, { user_id: t.client.id, id_usuario: t.owner.id, creditos: 30 });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({
      message: 'Los créditos se han cargado correctamente.',
      creditos: 30,
      parent_creditos: 70,
    });
    const down = await change(t.owner, { user_id: t.client.id, id_usuario: t.owner.id, creditos: 10 });
    expect(down.json()).toMatchObject({ creditos: 10, parent_creditos: 90 });
    expect([await balance(t.owner.id), await balance(t.client.id)]).toEqual([90, 10]);
    const entries = await ctx.db
      .selectFrom('credit_ledger')
      .select(['actor_id', 'from_user_id', 'to_user_id', 'amount'])
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { actor_id: t.owner.id, from_user_id: t.owner.id, to_user_id: t.client.id, amount: 30 },
      { actor_id: t.owner.id, from_user_id: t.client.id, to_user_id: t.owner.id, amount: 20 },
    ]);
    expect(await total()).toBe(sum);
  });

  it('GET /web/creditos names whom to ask for more: the parent account, or the operator for a top-level one (issue 30)', async () => {
    const summary = async (headers: object) =>
      (await ctx.app.inject({ method: 'GET', url: '/web/creditos', headers: { ...headers } })).json();
    expect((await summary(t.owner.headers)).ask).toEqual({ kind: 'operator', email: ctx.app.deps.config.supportEmail });
    expect(ctx.app.deps.config.supportEmail).toBe('soporte@medida.app');
    const colleague = await loggedIn(ctx, { type: USER_TYPE.professional, parent_user_id: t.owner.id, nombre: 'Rita' });
    const owner = await ctx.db
      .selectFrom('users')
      .select(['nombre', 'apellido', 'email'])
      .where('id', '=', t.owner.id)
      .executeTakeFirstOrThrow();
    expect((await summary(colleague.headers)).ask).toEqual({
      kind: 'parent',
      name: `${owner.nombre} ${owner.apellido}`,
      email: owner.email,
    });
    // A client has no balance screen: the route is for professionals.
    expect((await ctx.app.inject({ method: 'GET', url: '/web/creditos', headers: t.client.headers })).statusCode).toBe(
      403,
    );
  });

  it('refuses an unchanged value, an overdraft, and malformed amounts, changing nothing', async () => {
    const before = [await balance(t.owner.id), await balance(t.client.id)];
    const same = await change(t.owner, { user_id: t.client.id, id_usuario: t.owner.id, creditos: 10 });
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({
      error: { message: { creditos: ['El valor es igual a los créditos actuales.'] } },
    });
    const over = await change(
      { headers: { ...t.owner.headers, 'accept-language': 'en' } },
      { user_id: t.client.id, id_usuario: t.owner.id, creditos: 1000 },
    );
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      error: { code: 'conflict', message: 'You do not have enough credits for this assignment.' },
    });
    for (const creditos of ['10', -1, 1.5, null, 1e9]) {
      expect((await change(t.owner, { user_id: t.client.id, id_usuario: t.owner.id, creditos })).statusCode).toBe(422);
    }
    expect(
      (await change(t.owner, { user_id: t.client.id, id_usuario: t.owner.id, creditos: 5, extra: 1 })).statusCode,
    ).toBe(422);
    expect([await balance(t.owner.id), await balance(t.client.id)]).toEqual(before);
  });

  it('moves credits only for the authenticated parent of a direct child', async () => {
    const grandchild = await insertUser(ctx, { type: USER_TYPE.client, parent_user_id: t.colleague.id });
    const deletedChild = await insertUser(ctx, {
      type: USER_TYPE.client,
      parent_user_id: t.owner.id,
      deleted_at: new Date(),
    });
    const cases: [Actor | { headers: object }, object, number][] = [
      [t.owner, { user_id: t.client.id, id_usuario: t.other.id, creditos: 1 }, 403], // claims another actor
      [t.owner, { user_id: grandchild.id, id_usuario: t.owner.id, creditos: 1 }, 404], // not a direct child
      [t.owner, { user_id: t.otherClient.id, id_usuario: t.owner.id, creditos: 1 }, 404],
      [t.owner, { user_id: t.owner.id, id_usuario: t.owner.id, creditos: 1 }, 404],
      [t.owner, { user_id: deletedChild.id, id_usuario: t.owner.id, creditos: 1 }, 404], // a deleted child
      [t.owner, { user_id: 2_000_000_000, id_usuario: t.owner.id, creditos: 1 }, 404], // nobody
      [t.other, { user_id: t.client.id, id_usuario: t.other.id, creditos: 1 }, 404],
      [t.client, { user_id: t.client.id, id_usuario: t.client.id, creditos: 1 }, 403],
      [{ headers: {} }, { user_id: t.client.id, id_usuario: t.owner.id, creditos: 1 }, 401],
    ];
    const before = await ctx.db.selectFrom('credit_ledger').select('id').execute();
    for (const [actor, body, status] of cases)
      expect((await change(actor, body)).statusCode, JSON.stringify(body)).toBe(status);
    expect(await ctx.db.selectFrom('credit_ledger').select('id').execute()).toEqual(before);
  });

  it('200 concurrent +1 transfers from a balance of 100: exactly 100 succeed and no credit is created or lost', async () => {
    const parent = await loggedIn(ctx, { creditos: 100 });
    const children = await Promise.all(
      Array.from({ length: 200 }, () => insertUser(ctx, { type: USER_TYPE.client, parent_user_id: parent.id })),
    );
    const sum = await total();
    const started = performance.now();
    const results = await Promise.all(
      children.map((c) => change(parent, { user_id: c.id, id_usuario: parent.id, creditos: 1 })),
    );
    const ms = performance.now() - started;
    const statuses = results.map((r) => r.statusCode);
    const ok = statuses.filter((s) => s === 200).length;
    const conflicts = statuses.filter((s) => s === 409).length;
    console.info(
      `[credits race on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}] 200 transfers: ${ok} ok, ${conflicts} refused, ${Math.round(ms)} ms`,
    );
    expect({ ok, conflicts }).toEqual({ ok: 100, conflicts: 100 });
    expect(await balance(parent.id)).toBe(0);
    expect(await total()).toBe(sum);
    const childBalances = await ctx.db
      .selectFrom('users')
      .select('creditos')
      .where('parent_user_id', '=', parent.id)
      .execute();
    expect(childBalances.reduce((a, r) => a + r.creditos, 0)).toBe(100);
    const ledger = await sql<{
      n: number;
      s: number;
    }>`SELECT count(*)::int AS n, sum(amount)::int AS s FROM credit_ledger WHERE from_user_id = ${parent.id}`.execute(
      ctx.db,
    );
    expect(ledger.rows[0]).toEqual({ n: 100, s: 100 });
  });

  it('mixed concurrent raises and refunds keep every balance equal to its ledger (no deadlock, no lost update)', async () => {
    const parent = await loggedIn(ctx, { creditos: 40 });
    const children = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        insertUser(ctx, { type: USER_TYPE.client, parent_user_id: parent.id, creditos: i % 2 === 0 ? 3 : 0 }),
      ),
    );
    const initial = new Map([[parent.id, 40], ...children.map((c, i) => [c.id, i % 2 === 0 ? 3 : 0] as const)]);
    const results = await Promise.all(
      children.flatMap((c, i) => [
        change(parent, { user_id: c.id, id_usuario: parent.id, creditos: i % 2 === 0 ? 0 : 2 }),
        change(parent, { user_id: c.id, id_usuario: parent.id, creditos: 1 }),
      ]),
    );
    expect(results.every((r) => [200, 409, 422].includes(r.statusCode))).toBe(true);
    const ids = [...initial.keys()];
    const rows = await ctx.db.selectFrom('users').select(['id', 'creditos']).where('id', 'in', ids).execute();
    const entries = await ctx.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where((eb) => eb.or([eb('from_user_id', 'in', ids), eb('to_user_id', 'in', ids)]))
      .execute();
    for (const row of rows) {
      const derived =
        initial.get(row.id)! +
        entries.filter((e) => e.to_user_id === row.id).reduce((a, e) => a + e.amount, 0) -
        entries.filter((e) => e.from_user_id === row.id).reduce((a, e) => a + e.amount, 0);
      expect(row.creditos).toBe(derived);
      expect(row.creditos).toBeGreaterThanOrEqual(0);
    }
    expect(rows.reduce((a, r) => a + r.creditos, 0)).toBe([...initial.values()].reduce((a, b) => a + b, 0));
  });
});

import { USER_TYPE } from '@medida/contracts';
import { sql } from '@medida/db';
import { createFreshTestDb } from '@medida/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.ts';
import { loggedIn, type Actor } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

interface ListBody {
  datos: Array<{ id: number }>;
  datos_total: number;
  datos_total_capped: boolean;
  next_cursor: string | null;
}

/**
 * A page reached by number (no cursor) starts after the anchor its number maps to (decision 216): the same rows,
 * count and cursor as the page reached by walking the cursors from page 1, at every depth, with every filter and
 * scope, and never a row of another account.
 */
describe('pages reached by number', () => {
  let ctx: TestContext;
  let top: Actor;
  let middle: Actor;
  let stranger: Actor;
  let self: Actor;
  let oneClient = 0;
  let companyId = 0;
  const LIMIT = 10;
  const foreign = new Set<number>();

  beforeAll(async () => {
    const handle = await createFreshTestDb();
    ctx = await createTestApp({ RESPONSE_CACHE_MB: '0' }, { handle });
    top = await loggedIn(ctx, { creditos: 100 });
    middle = await loggedIn(ctx, { parent_user_id: top.id });
    stranger = await loggedIn(ctx, { creditos: 100 });
    ({ id: companyId } = await ctx.db
      .insertInto('companies')
      .values({ name: 'Deep Pages' })
      .returning('id')
      .executeTakeFirstOrThrow());
    // The same names in both accounts: a filter that leaked out of the scope would find the stranger's clients.
    const client = (i: number, parent: number) =>
      insertUser(ctx, {
        type: USER_TYPE.client,
        parent_user_id: parent,
        nombre: ['Ana', 'Bruno', 'Carla', 'Mario'][i % 4]!,
        apellido: ['Soto', 'Rojas', 'Silva'][i % 3]!,
        email: `deep${i}.${parent}@pages.test`,
        rut: `${10_000_000 + i * 37}K`,
        company_id: i % 2 === 1 ? companyId : null,
      });
    const mine: number[] = [];
    for (let i = 0; i < 16; i++) mine.push((await client(i, i % 3 === 0 ? middle.id : top.id)).id);
    const theirs: number[] = [];
    for (let i = 0; i < 4; i++) theirs.push((await client(i, stranger.id)).id);
    self = await loggedIn(ctx, { type: USER_TYPE.client, parent_user_id: top.id, nombre: 'Mario' });
    mine.push(self.id);
    oneClient = mine[5]!;
    // 1,400 evaluations of the account (more than the count's cap), three to a created_at (the id breaks the tie),
    // interleaved in time with 500 of the stranger's; every 17th of the account's deleted.
    await sql`INSERT INTO evaluations (client_id, evaluator_id, evaluation_type, evaluated_on, created_at, updated_at)
      SELECT (${sql.val(mine)}::int[])[1 + g % ${mine.length}], ${top.id}, 1, DATE '2026-01-01',
        TIMESTAMPTZ '2026-01-01' + (g / 3) * INTERVAL '1.000001 seconds', now()
      FROM generate_series(1, 1400) g`.execute(ctx.db);
    const { rows } = await sql<{ id: number }>`INSERT INTO evaluations
        (client_id, evaluator_id, evaluation_type, evaluated_on, created_at, updated_at)
      SELECT (${sql.val(theirs)}::int[])[1 + g % ${theirs.length}], ${stranger.id}, 1, DATE '2026-01-01',
        TIMESTAMPTZ '2026-01-01' + (g * 2 / 3) * INTERVAL '1.000001 seconds', now()
      FROM generate_series(1, 500) g RETURNING id`.execute(ctx.db);
    for (const r of rows) foreign.add(r.id);
    await sql`UPDATE evaluations SET deleted_at = now(), deleted_by = ${top.id}
      WHERE evaluator_id = ${top.id} AND id % 17 = 0`.execute(ctx.db);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function list(actor: Actor, query: string): Promise<ListBody> {
    const res = await ctx.app.inject({ url: `/web/listaevaluaciones?limit=${LIMIT}${query}`, headers: actor.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const ids = (body: ListBody) => body.datos.map((d) => d.id);

  /** Every page from page 1 on, each continued from the previous page's cursor (the keyset path). */
  async function walkByCursor(actor: Actor, query: string) {
    const pages: ListBody[] = [];
    let cursor: string | null = null;
    do {
      const body = await list(actor, `&page=${pages.length + 1}${query}${cursor ? `&cursor=${cursor}` : ''}`);
      pages.push(body);
      cursor = body.next_cursor;
    } while (cursor);
    return pages;
  }

  /** Pages by number at several depths equal the cursor walk's: rows, count, cap and next cursor. */
  async function expectSameAsWalk(actor: Actor, query: string, minimumRows: number) {
    const walked = await walkByCursor(actor, query);
    const all = walked.flatMap(ids);
    expect(all.length).toBeGreaterThanOrEqual(minimumRows);
    expect(new Set(all).size).toBe(all.length);
    const last = walked.length;
    // 10 pages to a rung of the anchor ladder (decision 238): pages 11 and 101 start right after a rung, 12 and 102
    // walk from one, page 10 from the first row; the pages within the count's cap of the end know it from the ladder.
    const rungs = [10, 11, 12, 100, 101, 102, last - 100, last - 99];
    const depths = [1, 2, 3, Math.ceil(last / 3), Math.ceil(last / 2), last - 1, last, ...rungs].filter(
      (n) => n >= 1 && n <= last,
    );
    for (const page of new Set(depths)) {
      const byNumber = await list(actor, `&page=${page}${query}`);
      expect(ids(byNumber), `page ${page} of ${last}${query}`).toEqual(ids(walked[page - 1]!));
      expect(byNumber.datos_total, `page ${page}${query}`).toBe(walked[page - 1]!.datos_total);
      expect(byNumber.datos_total_capped).toBe(walked[page - 1]!.datos_total_capped);
      expect(byNumber.next_cursor).toBe(walked[page - 1]!.next_cursor);
    }
    // Past the end: no rows, and the count says where the end is (the web list steps back to the last page).
    for (const page of [last + 1, last + 40]) {
      const past = await list(actor, `&page=${page}${query}`);
      expect(past).toMatchObject({ datos: [], datos_total: all.length, datos_total_capped: false, next_cursor: null });
    }
    return all;
  }

  it('the account top: every depth, the last page and past it, as the cursor walk (over the count cap)', async () => {
    const all = await expectSameAsWalk(top, '', 1300);
    expect(all.some((id) => foreign.has(id))).toBe(false);
    // The walk itself is the list's order over the account's live rows.
    const { rows } = await sql<{ id: number }>`SELECT e.id FROM evaluations e
      WHERE e.account_root_id = ${top.id} AND e.deleted_at IS NULL ORDER BY e.created_at DESC, e.id DESC`.execute(
      ctx.db,
    );
    expect(all).toEqual(rows.map((r) => r.id));
  });

  it('with each filter on the client, with one client, and with several filters together', async () => {
    for (const query of [
      '&filter_nombre=ma',
      '&filter_apellido=ro',
      '&filter_email=deep1',
      '&filter_rut=1000011',
      `&filter_company=${companyId}`,
      `&id_evaluado=${oneClient}`,
      `&filter_nombre=b&filter_apellido=s&filter_company=${companyId}`,
    ]) {
      const all = await expectSameAsWalk(top, query, 1);
      expect(
        all.some((id) => foreign.has(id)),
        query,
      ).toBe(false);
    }
  });

  it('a professional below the top (its sub-tree), narrowed by id_usuario, and a client (its own)', async () => {
    const below = await expectSameAsWalk(middle, '', 300);
    expect(await expectSameAsWalk(top, `&id_usuario=${middle.id}`, 300)).toEqual(below);
    await expectSameAsWalk(middle, '&filter_nombre=ma', 1);
    const own = await expectSameAsWalk(self, '', 50);
    const owners = await ctx.db
      .selectFrom('evaluations')
      .select('client_id')
      .where('id', 'in', own)
      .distinct()
      .execute();
    expect(owners).toEqual([{ client_id: self.id }]);
  });

  it("denial: another account's pages by number never show this account's rows, at any depth", async () => {
    const theirs = await expectSameAsWalk(stranger, '', 400);
    expect(theirs.every((id) => foreign.has(id))).toBe(true);
    // A depth that exists only in the other account is past the stranger's end: nothing, and its own count.
    const deep = await list(stranger, '&page=120&filter_nombre=a');
    const stranger_a = await list(stranger, '&page=1&filter_nombre=a');
    expect(deep).toMatchObject({ datos: [], datos_total: stranger_a.datos_total, next_cursor: null });
    // The top's deep pages stay within its account.
    for (const page of [60, 100, 130]) {
      const body = await list(top, `&page=${page}`);
      expect(ids(body).some((id) => foreign.has(id))).toBe(false);
    }
  });

  it('after the account changes, pages by number follow the new rows (the ladder of the old data is not used)', async () => {
    const before = await expectSameAsWalk(top, '', 1300);
    // Newer evaluations at the top, and a row in the middle deleted: every deep page moves.
    await sql`INSERT INTO evaluations (client_id, evaluator_id, evaluation_type, evaluated_on, created_at, updated_at)
      SELECT ${oneClient}, ${top.id}, 1, DATE '2026-01-01', TIMESTAMPTZ '2026-06-01' + g * INTERVAL '1 second', now()
      FROM generate_series(1, 7) g`.execute(ctx.db);
    await sql`UPDATE evaluations SET deleted_at = now(), deleted_by = ${top.id} WHERE id = ${before[700]!}`.execute(
      ctx.db,
    );
    const after = await expectSameAsWalk(top, '', 1300);
    expect(after.length).toBe(before.length + 6);
    expect(after.slice(7, 700 + 7)).toEqual(before.slice(0, 700));
  });
});

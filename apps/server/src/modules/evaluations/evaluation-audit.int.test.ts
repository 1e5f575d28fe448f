import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoTenants } from '../../test/people-factories.ts';
import { withBrokenAuditInsert } from '../../test/broken-audit.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { evaluationBody } from '../../test/evaluation-factories.ts';

/**
 * The audit events of evaluation writes are written in the write's transaction (decision 142): a change whose
 * event cannot be appended is rolled back, so no evaluation is ever stored without its event (decision 144).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const eventsOf = (clientId: number) =>
  ctx.db
    .selectFrom('audit_events')
    .select(['action', 'resource_type', 'resource_id', 'result'])
    .where('client_id', '=', clientId)
    .orderBy('seq')
    .execute();
const evaluationsOf = (clientId: number) =>
  ctx.db.selectFrom('evaluations').select('id').where('client_id', '=', clientId).execute();
const creditsOf = async (id: number) =>
  (await ctx.db.selectFrom('users').select('creditos').where('id', '=', id).executeTakeFirstOrThrow()).creditos;

describe('evaluation writes and their audit events', () => {
  it('writes exactly one success event per create, edit and delete, and the denied attempts of another account', async () => {
    const f = await twoTenants(ctx);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/web/ingresaevaluacion',
      headers: f.owner.headers,
      payload: evaluationBody(f.client.id, f.owner.id),
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().evaluacion.id as number;
    expect(await eventsOf(f.client.id)).toEqual([
      { action: 'create', resource_type: 'evaluation', resource_id: String(id), result: 'success' },
    ]);

    const foreignEdit = await ctx.app.inject({
      method: 'POST',
      url: '/web/editEvaluation',
      headers: f.other.headers,
      payload: { ...evaluationBody(f.client.id, f.other.id), evaluationID: id },
    });
    expect(foreignEdit.statusCode).toBe(404);
    for (const [url, payload] of [
      ['/web/editEvaluation', { ...evaluationBody(f.client.id, f.owner.id), evaluationID: id }],
      ['/web/eliminaevaluacion', { evaluationID: id }],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url, headers: f.owner.headers, payload });
      expect(res.statusCode, url).toBe(200);
    }
    expect((await eventsOf(f.client.id)).map((e) => [e.action, e.result])).toEqual([
      ['create', 'success'],
      ['update', 'denied'],
      ['update', 'success'],
      ['delete', 'success'],
    ]);
  });

  it('stores no evaluation, charges nothing and records nothing when the audit event cannot be appended', async () => {
    const f = await twoTenants(ctx);
    const before = await creditsOf(f.owner.id);
    await withBrokenAuditInsert(ctx.db, { resource: 'evaluation', action: 'create' }, async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/web/ingresaevaluacion',
        headers: f.owner.headers,
        payload: evaluationBody(f.client.id, f.owner.id),
      });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('audit insert broken');
    });
    expect(await evaluationsOf(f.client.id)).toEqual([]);
    expect(await creditsOf(f.owner.id)).toBe(before);
    expect(await eventsOf(f.client.id)).toEqual([]);
  });

  it('keeps the evaluation unchanged and live when the event of its edit or delete cannot be appended', async () => {
    const f = await twoTenants(ctx);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/web/ingresaevaluacion',
      headers: f.owner.headers,
      payload: evaluationBody(f.client.id, f.owner.id),
    });
    const id = created.json().evaluacion.id as number;
    for (const [action, url, payload] of [
      ['update', '/web/editEvaluation', { ...evaluationBody(f.client.id, f.owner.id), evaluationID: id }],
      ['delete', '/web/eliminaevaluacion', { evaluationID: id }],
    ] as const) {
      await withBrokenAuditInsert(ctx.db, { resource: 'evaluation', action }, async () => {
        const res = await ctx.app.inject({ method: 'POST', url, headers: f.owner.headers, payload });
        expect(res.statusCode, url).toBe(500);
      });
    }
    const row = await ctx.db
      .selectFrom('evaluations')
      .select(['current_version', 'deleted_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ current_version: 1, deleted_at: null });
    expect((await eventsOf(f.client.id)).map((e) => e.action)).toEqual(['create']);
  });
});

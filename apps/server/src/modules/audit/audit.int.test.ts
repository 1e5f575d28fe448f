import { sql } from '@medida/db';
import type { AuditEvent } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chileIds, clientBody, twoTenants } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { evaluationBody } from '../../test/evaluation-factories.ts';
import { auditHash } from './audit-chain.ts';
import { verifyAuditTrail } from './audit-verify.ts';
import { appendAuditEvent } from './audit.repository.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const trail = async (headers: object, clientId: number) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/web/clients/${clientId}/audit`, headers: { ...headers } });
  expect(res.statusCode).toBe(200);
  return res.json<{ events: AuditEvent[]; total: number }>();
};
const rowsOf = (clientId: number) =>
  ctx.db.selectFrom('audit_events').selectAll().where('client_id', '=', clientId).orderBy('seq').execute();

describe('audit trail', () => {
  it('records every read, change, download and e-mail of a client with actor, result, request id and address, and no health values', async () => {
    const f = await twoTenants(ctx);
    const ids = await chileIds(ctx.db);
    const from = { headers: f.owner.headers, remoteAddress: '203.0.113.9' };
    const created = await ctx.app.inject({
      ...from,
      method: 'POST',
      url: '/web/create_user',
      payload: clientBody(ids, f.owner.id),
    });
    const clientId = created.json().data.id as number;
    const evaluation = await ctx.app.inject({
      method: 'POST',
      url: '/web/ingresaevaluacion',
      ...from,
      payload: evaluationBody(clientId, f.owner.id),
    });
    const evaluationId = evaluation.json().evaluacion.id as number;
    const calls = [
      { method: 'GET', url: `/web/usuario?id_usuario=${clientId}` },
      { method: 'GET', url: `/web/getevaluacion?evaluationID=${evaluationId}` },
      { method: 'GET', url: `/web/listaevaluaciones?id_evaluado=${clientId}` },
      { method: 'GET', url: `/web/evaluations/${evaluationId}/report.pdf` },
      { method: 'POST', url: '/web/enviarevalua', payload: { evaluationID: evaluationId } },
      {
        method: 'POST',
        url: '/web/editEvaluation',
        payload: { ...evaluationBody(clientId, f.owner.id), evaluationID: evaluationId },
      },
      { method: 'POST', url: '/web/eliminaevaluacion', payload: { evaluationID: evaluationId } },
    ] as const;
    for (const call of calls) {
      const res = await ctx.app.inject({ ...call, ...from });
      expect(res.statusCode, call.url).toBe(200);
    }
    // Lists that are not one client's record, and other clients' objects, leave this trail alone.
    await ctx.app.inject({ method: 'GET', url: `/web/listaevaluaciones`, headers: f.owner.headers });

    const rows = await rowsOf(clientId);
    expect(rows.map((r) => [r.action, r.resource_type])).toEqual([
      ['create', 'client'],
      ['create', 'evaluation'],
      ['read', 'client'],
      ['read', 'evaluation'],
      ['read', 'evaluation_list'],
      ['download', 'report'],
      ['email', 'report'],
      ['update', 'evaluation'],
      ['delete', 'evaluation'],
    ]);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => rows[0]!.seq + i));
    for (const row of rows) {
      expect(row).toMatchObject({
        account_id: f.owner.id,
        actor_id: f.owner.id,
        actor_type: 1,
        client_id: clientId,
        result: 'success',
        ip: '203.0.113.9',
      });
      expect(row.request_id).toBeTruthy();
    }
    // Only ids and words: no weight, no body fat, no name, no e-mail.
    const text = JSON.stringify(rows);
    const body = evaluationBody(clientId, f.owner.id) as Record<string, unknown>;
    for (const value of [body.peso, body.talla, created.json().data.email, 'Valentina'])
      if (value !== undefined) expect(text).not.toContain(`"${String(value)}"`);
  });

  it("records another account's attempts on a client's objects as denied, and shows the trail to the owner and the client", async () => {
    const f = await twoTenants(ctx);
    const evaluation = await ctx.app.inject({
      method: 'POST',
      url: '/web/ingresaevaluacion',
      headers: f.owner.headers,
      payload: evaluationBody(f.client.id, f.owner.id),
    });
    const evaluationId = evaluation.json().evaluacion.id as number;
    const probe = await ctx.app.inject({
      method: 'GET',
      url: `/web/getevaluacion?evaluationID=${evaluationId}`,
      headers: f.other.headers,
    });
    expect(probe.statusCode).toBe(404);
    await ctx.app.inject({ method: 'GET', url: `/web/usuario?id_usuario=${f.client.id}`, headers: f.client.headers });

    const owners = await trail(f.owner.headers, f.client.id);
    expect(owners.total).toBe(3);
    expect(owners.events.map((e) => [e.action, e.result, e.actor?.id, e.actor_role])).toEqual([
      ['read', 'success', f.client.id, 'client'],
      ['read', 'denied', f.other.id, 'professional'],
      ['create', 'success', f.owner.id, 'professional'],
    ]);
    expect(owners.events[2]!.is_self).toBe(true);
    expect(owners.events[2]!.ip).toBeTruthy();

    // The client sees who accessed its record, without the professionals' addresses.
    const clients = await trail(f.client.headers, f.client.id);
    expect(clients.events.map((e) => e.actor?.id)).toEqual([f.client.id, f.other.id, f.owner.id]);
    expect(clients.events.every((e) => e.ip === null)).toBe(true);

    for (const [headers, clientId] of [
      [f.other.headers, f.client.id],
      [f.client.headers, f.otherClient.id],
    ] as const) {
      const foreign = await ctx.app.inject({
        method: 'GET',
        url: `/web/clients/${clientId}/audit`,
        headers: { ...headers },
      });
      expect(foreign.statusCode).toBe(404);
    }
  });

  it('is append-only, and the verifier detects a changed and a deleted row', async () => {
    const f = await twoTenants(ctx);
    for (let i = 0; i < 3; i++)
      await ctx.app.inject({ method: 'GET', url: `/web/usuario?id_usuario=${f.client.id}`, headers: f.owner.headers });
    const rows = await rowsOf(f.client.id);
    expect(rows).toHaveLength(3);
    await expect(sql`UPDATE audit_events SET action = 'x' WHERE id = ${rows[0]!.id}`.execute(ctx.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_events WHERE id = ${rows[0]!.id}`.execute(ctx.db)).rejects.toThrow(
      /append-only/,
    );

    const clean = await verifyAuditTrail(ctx.db);
    expect(clean.problems).toEqual([]);
    expect(clean.rows).toBeGreaterThanOrEqual(3);

    // Someone with database rights bypasses the trigger: the chain still tells.
    await sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only`.execute(ctx.db);
    try {
      await sql`UPDATE audit_events SET action = 'update' WHERE id = ${rows[0]!.id}`.execute(ctx.db);
      await sql`DELETE FROM audit_events WHERE id = ${rows[1]!.id}`.execute(ctx.db);
    } finally {
      await sql`ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only`.execute(ctx.db);
    }
    const tampered = await verifyAuditTrail(ctx.db);
    expect(tampered.problems).toEqual(
      expect.arrayContaining([
        { account_id: f.owner.id, seq: rows[0]!.seq, problem: 'hash_mismatch' },
        { account_id: f.owner.id, seq: rows[1]!.seq, problem: 'missing_row' },
      ]),
    );
  });

  it('keeps each account chain gapless under concurrent accesses', async () => {
    const f = await twoTenants(ctx);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.app.inject({ method: 'GET', url: `/web/usuario?id_usuario=${f.client.id}`, headers: f.owner.headers }),
      ),
    );
    const rows = await rowsOf(f.client.id);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await verifyAuditTrail(ctx.db)).problems.filter((p) => p.account_id === f.owner.id)).toEqual([]);
  });

  it('hashes in the database exactly as the verifier does, whatever the strings hold (decision 162)', async () => {
    const f = await twoTenants(ctx);
    const event = (i: number, requestId: string | null) => ({
      occurred_at: new Date(Date.UTC(2026, 0, 1, 12, 0, i, 7 * i)),
      actor_id: i % 2 ? f.owner.id : null,
      actor_type: i % 2 ? 1 : null,
      resource_type: 'client',
      resource_id: String(f.client.id),
      action: 'read',
      result: i % 3 ? 'success' : 'denied',
      request_id: requestId,
      ip: i % 2 ? null : `2001:db8::${i}`,
    });
    const awkward = [
      'plain',
      'quote " and backslash \\ ',
      'line\nfeed\ttab\u0001\u001f\u007f',
      'ñandú 漢字 😀',
      '</script>',
    ];
    for (const [i, requestId] of awkward.entries())
      expect(await appendAuditEvent(ctx.db, { kind: 'client', id: f.client.id }, event(i, requestId))).toBe(true);
    // An object that leads to no client is not client data: nothing is written.
    expect(await appendAuditEvent(ctx.db, { kind: 'client', id: f.owner.id }, event(9, null))).toBe(false);
    expect(await appendAuditEvent(ctx.db, { kind: 'evaluation', id: 2_000_000_000 }, event(9, null))).toBe(false);
    const rows = await rowsOf(f.client.id);
    expect(rows.map((r) => r.request_id)).toEqual(awkward);
    for (const row of rows) expect(row.hash).toBe(auditHash(row));
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect((await verifyAuditTrail(ctx.db)).problems.filter((p) => p.account_id === f.owner.id)).toEqual([]);
  });
});

import { createDb } from '@medida/db';
import { createFreshTestDb } from '@medida/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluationBody } from '../../test/evaluation-factories.ts';
import { twoTenants } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { verifyAuditTrail } from './audit-verify.ts';

/**
 * Two server instances on one PostgreSQL database append to the same account's chain at once (decision 162: the
 * append is one statement, its lock and chain end inside the database function): every request leaves exactly its
 * one event and the chain stays gapless and verifies; so do reads whose events go in batches (decision 170).
 */
describe.skipIf(!process.env.DATABASE_URL)('audit chain across two server instances on one PostgreSQL', () => {
  let one: TestContext;
  let two: TestContext;

  beforeAll(async () => {
    const first = await createFreshTestDb();
    const second = await createDb({ postgres: { connectionString: first.connectionString!, max: 5 } });
    one = await createTestApp({}, { handle: first });
    two = await createTestApp({}, { handle: second });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('N concurrent reads (with denied probes and writes among them) give N events and a chain that verifies', async () => {
    const f = await twoTenants(one);
    const evaluationIds: number[] = [];
    for (const fecha of ['2026-01-05', '2026-01-12']) {
      const res = await one.app.inject({
        method: 'POST',
        url: '/web/ingresaevaluacion',
        headers: f.owner.headers,
        payload: evaluationBody(f.client.id, f.owner.id, { fecha }),
      });
      expect(res.statusCode).toBe(200);
      evaluationIds.push(res.json().evaluacion.id as number);
    }
    const before = await one.db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', f.owner.id)
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).toBe(2);

    const reads = [
      `/web/getevaluacion?evaluationID=${evaluationIds[0]}`,
      `/web/getevaluacion?evaluationID=${evaluationIds[1]}`,
      `/web/usuario?id_usuario=${f.client.id}`,
      `/web/listaevaluaciones?id_evaluado=${f.client.id}`,
    ];
    const N = 80;
    const requests = [
      ...Array.from(
        { length: N },
        (_, i) =>
          [
            i % 2 ? one : two,
            { method: 'GET' as const, url: reads[i % reads.length]!, headers: f.owner.headers },
            200,
          ] as const,
      ),
      // Another account's probes: denied, and recorded in the owner's chain.
      ...Array.from(
        { length: 10 },
        (_, i) =>
          [
            i % 2 ? two : one,
            {
              method: 'GET' as const,
              url: `/web/getevaluacion?evaluationID=${evaluationIds[0]}`,
              headers: f.other.headers,
            },
            404,
          ] as const,
      ),
      // Writes whose events are appended inside their own transaction, holding the chain lock until they commit.
      ...Array.from(
        { length: 6 },
        (_, i) =>
          [
            i % 2 ? one : two,
            {
              method: 'POST' as const,
              url: '/web/ingresaevaluacion',
              headers: f.owner.headers,
              payload: evaluationBody(f.client.id, f.owner.id, { fecha: `2026-02-${String(10 + i)}` }),
            },
            200,
          ] as const,
      ),
    ];
    // Interleaved so reads, probes and writes of both instances overlap.
    const shuffled = requests.map((r, i) => ({ r, key: (i * 7919) % requests.length })).sort((a, b) => a.key - b.key);
    const answers = await Promise.all(shuffled.map(({ r: [ctx, request] }) => ctx.app.inject(request)));
    answers.forEach((res, i) => expect(res.statusCode, res.body).toBe(shuffled[i]!.r[2]));

    const rows = await one.db
      .selectFrom('audit_events')
      .select(['seq', 'action', 'result', 'actor_id'])
      .where('account_id', '=', f.owner.id)
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 2 + N + 10 + 6 }, (_, i) => i + 1));
    const count = (action: string, result: string) =>
      rows.filter((r) => r.action === action && r.result === result).length;
    expect(count('read', 'success')).toBe(N);
    expect(count('read', 'denied')).toBe(10);
    expect(count('create', 'success')).toBe(2 + 6);
    expect(rows.filter((r) => r.result === 'denied').every((r) => r.actor_id === f.other.id)).toBe(true);

    const verification = await verifyAuditTrail(one.db);
    expect(verification.problems).toEqual([]);
  });

  it("reads of two accounts' clients from both instances at once (batches that hold both chains) leave one event each", async () => {
    const f = await twoTenants(one);
    const reads = [
      { headers: f.owner.headers, url: `/web/usuario?id_usuario=${f.client.id}` },
      { headers: f.other.headers, url: `/web/usuario?id_usuario=${f.otherClient.id}` },
      // Denied: recorded in the owner's chain by the other account's request.
      { headers: f.other.headers, url: `/web/usuario?id_usuario=${f.client.id}` },
    ];
    const answers = await Promise.all(
      Array.from({ length: 90 }, (_, i) => (i % 2 ? one : two).app.inject({ method: 'GET', ...reads[i % 3]! })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map((_, i) => (i % 3 === 2 ? 404 : 200)));
    const seqs = async (accountId: number) =>
      (
        await one.db
          .selectFrom('audit_events')
          .select('seq')
          .where('account_id', '=', accountId)
          .orderBy('seq')
          .execute()
      ).map((r) => r.seq);
    expect(await seqs(f.owner.id)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(await seqs(f.other.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect((await verifyAuditTrail(one.db)).problems).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoTenants } from '../../test/people-factories.ts';
import { statementCounter } from '../../test/statement-counter.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { auditHash } from './audit-chain.ts';
import { createGroupAppend } from './audit-group-append.ts';
import { verifyAuditTrail } from './audit-verify.ts';
import { appendAuditEvents } from './audit.repository.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const rowsOf = (clientId: number) =>
  ctx.db.selectFrom('audit_events').selectAll().where('client_id', '=', clientId).orderBy('seq').execute();
const chainProblems = async (accountId: number) =>
  (await verifyAuditTrail(ctx.db)).problems.filter((p) => p.account_id === accountId);

const read = (requestId: string, i = 0) => ({
  occurred_at: new Date(Date.UTC(2026, 10, 27, 9, 0, i, 3 * i)),
  actor_id: i % 2 ? null : 7,
  actor_type: i % 2 ? null : 1,
  resource_type: 'client',
  resource_id: '1',
  action: 'read',
  result: i % 3 ? 'success' : 'denied',
  request_id: requestId,
  ip: i % 2 ? null : `2001:db8::${i}`,
});

describe('audit events appended together (decision 170)', () => {
  it('appends a batch in the order given, across accounts, skips objects that lead to no client and hashes as the verifier does', async () => {
    const f = await twoTenants(ctx);
    const mine = { kind: 'client' as const, id: f.client.id };
    const theirs = { kind: 'client' as const, id: f.otherClient.id };
    const written = await appendAuditEvents(ctx.db, [
      { target: theirs, event: read('t1', 1) },
      { target: mine, event: read('m1 "quoted" \\ ñ 😀', 2) },
      { target: { kind: 'client', id: f.owner.id }, event: read('not client data', 3) },
      { target: mine, event: read('m2\nline', 4) },
      { target: { kind: 'evaluation', id: 2_000_000_000 }, event: read('no such evaluation', 5) },
      { target: theirs, event: read('t2', 6) },
    ]);
    expect(written).toEqual([true, true, false, true, false, true]);
    const mineRows = await rowsOf(f.client.id);
    const theirRows = await rowsOf(f.otherClient.id);
    expect(mineRows.map((r) => [r.seq, r.request_id, r.account_id])).toEqual([
      [1, 'm1 "quoted" \\ ñ 😀', f.owner.id],
      [2, 'm2\nline', f.owner.id],
    ]);
    expect(theirRows.map((r) => [r.seq, r.request_id, r.account_id])).toEqual([
      [1, 't1', f.other.id],
      [2, 't2', f.other.id],
    ]);
    for (const row of [...mineRows, ...theirRows]) expect(row.hash).toBe(auditHash(row));
    expect(mineRows[1]!.occurred_at.toISOString()).toBe(read('', 4).occurred_at.toISOString());
    expect(await chainProblems(f.owner.id)).toEqual([]);
    expect(await chainProblems(f.other.id)).toEqual([]);
  });

  it('sends the events made together in one statement, at most `batch` at a time, and tells each caller its own result', async () => {
    const f = await twoTenants(ctx);
    const { counter, plugin } = statementCounter();
    const append = createGroupAppend(ctx.db.withPlugin(plugin), { inFlight: 1, batch: 8 });
    const targets = Array.from({ length: 30 }, (_, i) =>
      i % 10 === 9 ? { kind: 'client' as const, id: f.owner.id } : { kind: 'client' as const, id: f.client.id },
    );
    const results = await Promise.all(targets.map((target, i) => append(target, read(`r${i}`, i))));
    expect(results).toEqual(targets.map((t) => t.id === f.client.id));
    // Made in one turn, they go 8 at a time: 4 statements, not 30.
    expect(counter.count).toBe(4);
    const rows = await rowsOf(f.client.id);
    expect(rows.map((r) => r.request_id)).toEqual(targets.flatMap((t, i) => (t.id === f.client.id ? [`r${i}`] : [])));
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(await chainProblems(f.owner.id)).toEqual([]);
  });

  it("appends a failed batch's events one by one: only the bad event's caller gets the error", async () => {
    const f = await twoTenants(ctx);
    const append = createGroupAppend(ctx.db, { inFlight: 1, batch: 100 });
    const client = { kind: 'client' as const, id: f.client.id };
    const settled = await Promise.allSettled([
      append(client, read('first')),
      append(client, read('before')),
      // Not an integer id: the batch's statement fails, and so does this event alone.
      append({ kind: 'client', id: 2 ** 31 }, read('bad')),
      append(client, read('after')),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await rowsOf(f.client.id)).map((r) => r.request_id)).toEqual(['first', 'before', 'after']);
    expect(await chainProblems(f.owner.id)).toEqual([]);
  });
});

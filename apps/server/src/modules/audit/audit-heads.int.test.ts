import { randomBytes } from 'node:crypto';
import { USER_TYPE } from '@medida/contracts';
import { sql, type Database, type Transaction } from '@medida/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../lib/clock.ts';
import { insertUser } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { verifyChain } from './audit-chain.ts';
import { signCheckpoint } from './audit-checkpoint.ts';
import { createAuditCheckpointsService } from './audit-checkpoints.service.ts';
import { verifyAuditTrail } from './audit-verify.ts';
import { appendAuditEvent, appendAuditEvents } from './audit.repository.ts';

/**
 * Issue 32 item 3, decision 204: each chain's end is anchored outside the rows it covers (a head written with every
 * append, and signed checkpoints with a key the database does not hold), so a deleted last row, a deleted middle row
 * and a deleted whole chain are all reported. Before 0029 a chain cut at its end was a shorter chain that verified:
 * each test that cuts a tail shows that the rows alone (`verifyChain`, all the old verifier checked) see nothing.
 */
let ctx: TestContext;
const key = randomBytes(32);
const silent = { info: () => {}, warn: () => {} };
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const event = (i: number) => ({
  occurred_at: new Date(ctx.clock.now().getTime() + i),
  actor_id: null,
  actor_type: null,
  resource_type: 'client',
  resource_id: null,
  action: 'read',
  result: 'success',
  request_id: `heads-${i}`,
  ip: null,
});

/** An account with one client and `n` events in its chain (one alone, the rest as one batch). */
async function chainOf(n: number) {
  const owner = await insertUser(ctx, { type: USER_TYPE.professional, creditos: 0 });
  const client = await insertUser(ctx, { type: USER_TYPE.client, parent_user_id: owner.id });
  const target = { kind: 'client' as const, id: client.id };
  await appendAuditEvent(ctx.db, target, event(0));
  if (n > 1)
    await appendAuditEvents(
      ctx.db,
      Array.from({ length: n - 1 }, (_, i) => ({ target, event: event(i + 1) })),
    );
  return { account: owner.id, target };
}

const rowsOf = (account: number) =>
  ctx.db.selectFrom('audit_events').selectAll().where('account_id', '=', account).orderBy('seq').execute();
const headOf = (account: number) =>
  ctx.db.selectFrom('audit_chain_heads').selectAll().where('account_id', '=', account).executeTakeFirst();

/** What someone with database rights does: `session_replication_role = replica` turns the append-only trigger off. */
const bypassingTriggers = (work: (trx: Transaction<Database>) => Promise<unknown>) =>
  ctx.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await work(trx);
  });
const deleteRows = (account: number, seqs: number[]) =>
  bypassingTriggers((trx) =>
    trx.deleteFrom('audit_events').where('account_id', '=', account).where('seq', 'in', seqs).execute(),
  );

const check = () => ({ key, intervalMs: HOUR, now: ctx.clock.now() });
const problemsOf = async (account: number) => {
  const result = await verifyAuditTrail(ctx.db, check());
  return {
    chain: result.problems.filter((p) => p.account_id === account),
    checkpoints: result.checkpoints!.problems.filter((p) => p.account_id === account),
  };
};
const checkpoints = () =>
  createAuditCheckpointsService({ db: ctx.db, key, clock: ctx.clock, intervalMs: HOUR, log: silent });

describe('audit chain heads and signed checkpoints (decision 204)', () => {
  it('writes the head with every append, one or a batch, and a clean trail with its checkpoint verifies', async () => {
    const { account } = await chainOf(4);
    const rows = await rowsOf(account);
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    expect(await headOf(account)).toMatchObject({ seq: 4, hash: rows[3]!.hash });
    expect(await checkpoints().write(true)).toBeGreaterThanOrEqual(1);
    expect(await problemsOf(account)).toEqual({ chain: [], checkpoints: [] });
    // Nothing changed since: no new checkpoint.
    expect(await checkpoints().write(true)).toBeNull();
  });

  it('reports the newest row deleted with the triggers off (the old verifier saw a shorter chain that verified)', async () => {
    const { account, target } = await chainOf(3);
    // The trigger still refuses a plain DELETE.
    await expect(sql`DELETE FROM audit_events WHERE account_id = ${account}`.execute(ctx.db)).rejects.toThrow(
      /append-only/,
    );
    await deleteRows(account, [3]);
    const left = await rowsOf(account);
    expect(left.map((r) => r.seq)).toEqual([1, 2]);
    expect(verifyChain(left)).toEqual([]); // what `npm run audit:verify` checked before decision 204
    expect((await problemsOf(account)).chain).toEqual([{ account_id: account, seq: 3, problem: 'tail_deleted' }]);

    // The next event continues from the head, not from the rows: the gap stays (before 0029 the new event took
    // seq 3 and the deletion vanished).
    await appendAuditEvent(ctx.db, target, event(9));
    expect((await rowsOf(account)).map((r) => r.seq)).toEqual([1, 2, 4]);
    expect((await problemsOf(account)).chain).toEqual([{ account_id: account, seq: 3, problem: 'missing_row' }]);
  });

  it('reports a row deleted in the middle', async () => {
    const { account } = await chainOf(4);
    await deleteRows(account, [2]);
    expect((await problemsOf(account)).chain).toEqual([{ account_id: account, seq: 2, problem: 'missing_row' }]);
  });

  it("reports a whole account's chain deleted", async () => {
    const { account } = await chainOf(3);
    await deleteRows(account, [1, 2, 3]);
    expect(verifyChain(await rowsOf(account))).toEqual([]); // no rows: nothing for the old verifier to check
    expect((await problemsOf(account)).chain).toEqual([{ account_id: account, seq: 1, problem: 'chain_deleted' }]);
  });

  it('catches, by the signed checkpoint, a tail deleted and its head rewritten to match', async () => {
    const { account } = await chainOf(3);
    expect(await checkpoints().write(true)).not.toBeNull();
    const rows = await rowsOf(account);
    await deleteRows(account, [3]);
    await ctx.db
      .updateTable('audit_chain_heads')
      .set({ seq: 2, hash: rows[1]!.hash })
      .where('account_id', '=', account)
      .execute();
    const found = await problemsOf(account);
    expect(found.chain).toEqual([]); // the rows and the head agree: only the checkpoint knows
    expect(found.checkpoints).toEqual([
      expect.objectContaining({ account_id: account, seq: 3, problem: 'checkpointed_row_missing' }),
    ]);
  });

  it('warns when the series stops while events go on, and writes one checkpoint per period across instances', async () => {
    const { account, target } = await chainOf(1);
    const writers = [checkpoints(), checkpoints(), checkpoints()];
    ctx.clock.advance(2 * HOUR);
    await appendAuditEvent(ctx.db, target, event(1));
    // Three instances' timers fire in the same period: one writes.
    const written = await Promise.all(writers.map((w) => w.write(false)));
    expect(written.filter((w) => w !== null)).toHaveLength(1);
    expect(await writers[0]!.write(false)).toBeNull();

    await appendAuditEvent(ctx.db, target, event(2));
    ctx.clock.advance(3 * HOUR);
    const result = await verifyAuditTrail(ctx.db, check());
    expect(result.checkpoints!.stale?.eventsAfter).toBeGreaterThan(0);
    // The series itself is whole (the earlier tests' tampering is with rows, not checkpoints).
    const series = ['checkpoint_missing', 'checkpoint_chain_broken', 'checkpoint_signature_bad', 'no_checkpoint'];
    expect(result.checkpoints!.problems.filter((p) => series.includes(p.problem))).toEqual([]);
    expect(result.problems.filter((p) => p.account_id === account)).toEqual([]);
  });

  it('reports a forged checkpoint (signed with another key) and one deleted from the series', async () => {
    const { account } = await chainOf(2);
    const newest = await ctx.db
      .selectFrom('audit_checkpoints')
      .select(['seq', 'signature'])
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    const rows = await rowsOf(account);
    const forged = {
      seq: newest.seq + 1,
      created_at: ctx.clock.now(),
      heads: [[account, 2, rows[1]!.hash]] as Array<[number, number, string]>,
      prev_signature: newest.signature,
    };
    await ctx.db
      .insertInto('audit_checkpoints')
      .values({ ...forged, heads: JSON.stringify(forged.heads), signature: signCheckpoint(randomBytes(32), forged) })
      .execute();
    let result = await verifyAuditTrail(ctx.db, check());
    expect(result.checkpoints!.problems).toContainEqual({
      checkpoint: forged.seq,
      problem: 'checkpoint_signature_bad',
    });

    // The append-only trigger guards the series too; with it off, a checkpoint taken out breaks the series.
    await expect(sql`DELETE FROM audit_checkpoints WHERE seq = 1`.execute(ctx.db)).rejects.toThrow(/append-only/);
    await bypassingTriggers((trx) => trx.deleteFrom('audit_checkpoints').where('seq', '=', 1).execute());
    result = await verifyAuditTrail(ctx.db, check());
    expect(result.checkpoints!.problems).toContainEqual({ checkpoint: 1, problem: 'checkpoint_missing' });
  });
});

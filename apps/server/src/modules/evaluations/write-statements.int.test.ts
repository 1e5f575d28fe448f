import type { DbHandle } from '@medida/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluationBody } from '../../test/evaluation-factories.ts';
import { clientBody, twoTenants } from '../../test/people-factories.ts';
import { countedTestDb } from '../../test/statement-counter.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * Round trips of issue 33 item 3's writes (decision 240): the checks before the transaction asked together, places
 * remembered, ids reserved before it, and what no write reads back (the new rows, audit event, consent, version,
 * ledger entry) in the commit tail, one statement per kind for all the writes that share a transaction (decision 233).
 */
describe('statements per write', () => {
  let ctx: TestContext;
  let t: Awaited<ReturnType<typeof twoTenants>>;
  let counted: DbHandle;
  let counter: { count: number };

  beforeAll(async () => {
    ({ counter, handle: counted } = await countedTestDb());
    ctx = await createTestApp({ RESPONSE_CACHE_MB: '0' }, { handle: counted });
    t = await twoTenants(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Statements of one request, after a first one (so the session touch and the places are known). */
  async function statementsOf(url: string, payload: () => object) {
    const post = () => ctx.app.inject({ method: 'POST', url, headers: t.owner.headers, payload: payload() });
    const first = await post();
    expect(first.statusCode, first.body).toBe(200);
    counter.count = 0;
    const res = await post();
    expect(res.statusCode, res.body).toBe(200);
    return counter.count;
  }

  it('creates a client in 9 statements: session, parent and e-mail (together), its id, BEGIN, then only the tail (user, audit event, consent), COMMIT', async () => {
    expect(await statementsOf('/web/create_user', () => clientBody(t.ids, t.owner.id))).toBe(9);
  });

  it('creates an evaluation in 9 statements: of its own inside the transaction only the debit, its rows in the commit tail', async () => {
    const body = () => evaluationBody(t.client.id, t.owner.id);
    // Session, then the client, its consent and the new id in one (decision 246), BEGIN, the debit, then the
    // evaluation, version, ledger entry and audit event, COMMIT. Writes that share a transaction share the tail's four
    // (how many share one depends on timing: commit-tail.int.test.ts).
    expect(await statementsOf('/web/ingresaevaluacion', body)).toBe(9);
  });

  it('moves credits in 5 statements: session, BEGIN, both balances locked and moved in one, ledger entry, COMMIT', async () => {
    let creditos = 0;
    const body = () => ({ user_id: t.colleague.id, id_usuario: t.owner.id, creditos: ++creditos });
    expect(await statementsOf('/web/cambiacreditosnew', body)).toBe(5);
  });
});

import { USER_TYPE } from '@medida/contracts';
import type { DbHandle } from '@medida/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluationBody } from '../../test/evaluation-factories.ts';
import { clientBody, twoTenants } from '../../test/people-factories.ts';
import { insertUser } from '../../test/factories.ts';
import { countedTestDb } from '../../test/statement-counter.ts';
import type { AppError } from '../../lib/app-error.ts';
import { createCreditsService } from '../credits/credits.service.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { createEvaluationsRepository } from './evaluations.repository.ts';
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

  it('creates a client in 7 statements: session, its parent, e-mail and id in one, BEGIN, then only the tail (user, audit event, consent), COMMIT', async () => {
    expect(await statementsOf('/web/create_user', () => clientBody(t.ids, t.owner.id))).toBe(7);
  });

  it("asks concurrent creates' checks in one statement, each answered for its own form and actor (decision 250)", async () => {
    const create = (headers: object, body: object) =>
      ctx.app.inject({ method: 'POST', url: '/web/create_user', headers: { ...headers }, payload: body });
    const taken = clientBody(t.ids, t.owner.id, { email: t.client.email.toUpperCase() });
    counter.count = 0;
    const [own, underColleague, foreignParent, emailTaken, otherTenant] = await Promise.all([
      create(t.owner.headers, clientBody(t.ids, t.owner.id)),
      create(t.owner.headers, clientBody(t.ids, t.colleague.id)),
      create(t.owner.headers, clientBody(t.ids, t.other.id)),
      create(t.owner.headers, taken),
      create(t.other.headers, clientBody(t.ids, t.other.id)),
    ]);
    expect([own, underColleague, otherTenant].map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(foreignParent.statusCode).toBe(404);
    expect(emailTaken.statusCode).toBe(422);
    expect(emailTaken.json<{ error: { message: Record<string, string[]> } }>().error.message.email).toHaveLength(1);
    const ids = [own, underColleague, otherTenant].map((r) => r.json<{ data: { id: number } }>().data.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('answers many forms of several actors in one statement, row by row, in their order', async () => {
    const users = createUserRecordsService(ctx.db);
    const form = (actorId: number, parentId: number, email: string, reserveId = true) => ({
      actorId,
      parentId,
      email,
      reserveId,
    });
    counter.count = 0;
    const facts = await users.newUserFacts([
      form(t.owner.id, t.owner.id, 'new-1@example.test'),
      form(t.owner.id, t.colleague.id, ` ${t.client.email.toUpperCase()} `),
      form(t.owner.id, t.other.id, 'new-2@example.test'),
      form(t.other.id, t.other.id, 'new-3@example.test', false),
      form(t.other.id, t.colleague.id, 'new-4@example.test'),
      form(t.colleague.id, t.owner.id, 'new-5@example.test'),
    ]);
    expect(counter.count).toBe(1);
    expect(facts.map((f) => [f.parentOk, f.emailTaken])).toEqual([
      [true, false],
      [true, true],
      [false, false],
      [true, false],
      [false, false],
      [false, false],
    ]);
    expect(facts[3]!.id).toBeNull();
    const reserved = facts.filter((_, i) => i !== 3).map((f) => f.id);
    expect(reserved.every((id) => typeof id === 'number') && new Set(reserved).size).toBe(5);
  });

  it('creates an evaluation in 9 statements: of its own inside the transaction only the debit, its rows in the commit tail', async () => {
    const body = () => evaluationBody(t.client.id, t.owner.id);
    // Session, then the client, its consent and the new id in one (decision 246), BEGIN, the debit, then the
    // evaluation, version, ledger entry and audit event, COMMIT. Writes that share a transaction share the tail's four
    // (how many share one depends on timing: commit-tail.int.test.ts).
    expect(await statementsOf('/web/ingresaevaluacion', body)).toBe(9);
  });

  it("reads concurrent evaluation creates' clients in one statement, row by row, ids only where asked and found (decision 251)", async () => {
    const repo = createEvaluationsRepository(ctx.db);
    const ask = (actorId: number, clientId: number, reserveId = true) => ({ actorId, clientId, reserveId });
    const stored = await ctx.db
      .selectFrom('users')
      .select(['nacimiento', 'sexo', 'lang'])
      .where('id', '=', t.client.id)
      .executeTakeFirstOrThrow();
    counter.count = 0;
    const found = await repo.clientsForNewEvaluations([
      ask(t.owner.id, t.client.id),
      ask(t.owner.id, t.otherClient.id),
      ask(t.other.id, t.otherClient.id, false),
      ask(t.other.id, t.client.id),
      ask(t.owner.id, t.colleague.id),
      ask(t.colleague.id, t.client.id),
    ]);
    expect(counter.count).toBe(1);
    expect(found.map((row) => row?.id)).toEqual([
      t.client.id,
      undefined,
      t.otherClient.id,
      undefined,
      undefined,
      undefined,
    ]);
    expect(found[0]).toMatchObject({ ...stored, iso2: 'CL', consent_withdrawn: null });
    expect(found[0]!.reserved_id).toEqual(expect.any(Number));
    expect(found[2]!.reserved_id).toBeNull();
  });

  it('moves credits in 2 statements: session, then both balances locked and moved with the ledger entry in one', async () => {
    let creditos = 0;
    const body = () => ({ user_id: t.colleague.id, id_usuario: t.owner.id, creditos: ++creditos });
    expect(await statementsOf('/web/cambiacreditosnew', body)).toBe(2);
  });

  it("sends one parent's concurrent moves in one statement, in the order made, each answered for itself (decision 261)", async () => {
    const parent = await insertUser(ctx, { type: USER_TYPE.professional, creditos: 5 });
    const [a, b, c] = await Promise.all(
      [0, 0, 0].map(() => insertUser(ctx, { type: USER_TYPE.client, parent_user_id: parent.id, creditos: 0 })),
    );
    const credits = createCreditsService({ db: ctx.db, clock: ctx.clock });
    const set = (child: { id: number }, creditos: number) =>
      credits.setBalance({ actorId: parent.id, claimedActorId: parent.id, userId: child.id, creditos }).then(
        (value) => ({ ok: true as const, value }),
        (error: AppError) => ({ ok: false as const, status: error.statusCode }),
      );
    counter.count = 0;
    // Made in one turn: a takes 3 of 5, b's 3 no longer fit, c's 1 does; then a gives 1 back.
    const answers = await Promise.all([set(a!, 3), set(b!, 3), set(c!, 1), set(a!, 2)]);
    expect(counter.count).toBe(1);
    expect(answers).toEqual([
      { ok: true, value: { creditos: 3, parent_creditos: 2 } },
      { ok: false, status: 409 },
      { ok: true, value: { creditos: 1, parent_creditos: 1 } },
      { ok: true, value: { creditos: 2, parent_creditos: 2 } },
    ]);
    const ledger = await ctx.db
      .selectFrom('credit_ledger')
      .select(['actor_id', 'from_user_id', 'to_user_id', 'amount'])
      .where('actor_id', '=', parent.id)
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { actor_id: parent.id, from_user_id: parent.id, to_user_id: a!.id, amount: 3 },
      { actor_id: parent.id, from_user_id: parent.id, to_user_id: c!.id, amount: 1 },
      { actor_id: parent.id, from_user_id: a!.id, to_user_id: parent.id, amount: 1 },
    ]);
  });
});

import { USER_TYPE } from '@medida/contracts';
import { sql, type Database, type Transaction } from '@medida/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../lib/clock.ts';
import { createSessionsService } from './sessions.service.ts';
import { evaluationBody, postEvaluation } from '../../test/evaluation-factories.ts';
import { bearer, login } from '../../test/factories.ts';
import { twoTenants } from '../../test/people-factories.ts';
import type { RequestAuth } from '../../types.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * Held reads (decision 172): a repeated audited read whose answer the response cache holds has its event appended by
 * the session check's own statement, only while the session is the one the answer was held for. Every way a session
 * stops being that one must still end as it ends without the cache, with no success event for an answer not sent.
 */
describe('held reads', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  }, 60_000);
  afterAll(() => ctx?.close());

  /** A professional with a client and one evaluation, and a fresh session that has read it twice (the held read). */
  async function heldRead() {
    const t = await twoTenants(ctx);
    const evaluationId = await postEvaluation(ctx.app, t.owner.headers, evaluationBody(t.client.id, t.owner.id));
    const url = `/web/getevaluacion?evaluationID=${evaluationId}`;
    const headers = bearer(await login(ctx.app, t.owner));
    const read = () => ctx.app.inject({ method: 'GET', url, headers });
    const first = await read();
    expect(first.statusCode).toBe(200);
    expect((await read()).body).toBe(first.body);
    const successes = async () =>
      (
        await ctx.db
          .selectFrom('audit_events')
          .select(['actor_id', 'actor_type', 'client_id', 'resource_type', 'resource_id', 'action', 'request_id'])
          .where('client_id', '=', t.client.id)
          .where('action', '=', 'read')
          .where('result', '=', 'success')
          .orderBy('seq')
          .execute()
      ).length;
    return { t, url, headers, read, first, successes };
  }

  it('sends the held answer and stores its event with the same fields and its own request id', async () => {
    const { t, read, first } = await heldRead();
    const repeated = await read();
    expect(repeated.statusCode).toBe(200);
    expect(repeated.body).toBe(first.body);
    const events = await ctx.db
      .selectFrom('audit_events')
      .select(['actor_id', 'actor_type', 'client_id', 'resource_type', 'resource_id', 'action', 'result', 'request_id'])
      .where('client_id', '=', t.client.id)
      .where('action', '=', 'read')
      .orderBy('seq')
      .execute();
    expect(events).toHaveLength(3);
    const { request_id: _, ...fields } = events[0]!;
    for (const event of events) expect(event).toMatchObject(fields);
    expect(new Set(events.map((e) => e.request_id)).size).toBe(3);
  });

  it('refuses a session revoked since (logout): 401 and no event', async () => {
    const { headers, read, successes } = await heldRead();
    const before = await successes();
    expect((await ctx.app.inject({ method: 'POST', url: '/web/logout', headers })).statusCode).toBe(204);
    expect((await read()).statusCode).toBe(401);
    expect(await successes()).toBe(before);
  });

  it('refuses a session that expired since: 401 and no event', async () => {
    const { read, successes } = await heldRead();
    const before = await successes();
    ctx.clock.advance(31 * MINUTE); // past the 30-minute idle expiry
    expect((await read()).statusCode).toBe(401);
    expect(await successes()).toBe(before);
  });

  it('refuses a session past its absolute expiry since: 401 and no event', async () => {
    const { t, read, successes } = await heldRead();
    const before = await successes();
    await ctx.db
      .updateTable('sessions')
      .set({ absolute_expires_at: new Date(ctx.clock.now().getTime() - 1) })
      .where('user_id', '=', t.owner.id)
      .execute();
    expect((await read()).statusCode).toBe(401);
    expect(await successes()).toBe(before);
  });

  it('refuses a user deleted since: 401 and no event', async () => {
    const { t, read, successes } = await heldRead();
    const before = await successes();
    await ctx.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', t.owner.id).execute();
    expect((await read()).statusCode).toBe(401);
    expect(await successes()).toBe(before);
  });

  it('asks for the password change first when a temporary password was set since: 403 and no success event', async () => {
    const { t, read, successes } = await heldRead();
    const before = await successes();
    await ctx.db.updateTable('users').set({ cambia_pass: 1 }).where('id', '=', t.owner.id).execute();
    expect((await read()).statusCode).toBe(403);
    expect(await successes()).toBe(before);
  });

  it("answers afresh, with one event, once the account's data changed", async () => {
    const { t, read, first, successes } = await heldRead();
    const before = await successes();
    await postEvaluation(ctx.app, t.owner.headers, evaluationBody(t.client.id, t.owner.id, { fecha: '2026-03-01' }));
    const fresh = await read();
    expect(fresh.statusCode).toBe(200);
    // The client's history in the answer now has the new evaluation: not the held body.
    expect(fresh.body).not.toBe(first.body);
    expect(await successes()).toBe(before + 1);
  });

  it('never records a read for a session whose user is no longer the one it was held for', async () => {
    const { t, read, successes } = await heldRead();
    const before = await successes();
    // The same user of another type now (accounts never move: a trigger refuses it).
    await ctx.db.updateTable('users').set({ type: USER_TYPE.client }).where('id', '=', t.owner.id).execute();
    expect((await read()).statusCode).not.toBe(200);
    expect(await successes()).toBe(before);
  });
});

/** The sessions service's side: one statement checks every session of a batch and appends only the live ones' events. */
describe('authenticateHeldRead', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  }, 60_000);
  afterAll(() => ctx?.close());

  const readOf = (clientId: number) => (auth: RequestAuth) => ({
    actorId: auth.userId,
    actorType: auth.userType,
    target: { kind: 'client' as const, id: clientId },
    resourceType: 'client',
    action: 'read' as const,
    result: 'success' as const,
    requestId: 'held',
    ip: null,
  });
  const eventsOf = async (clientId: number) =>
    (await ctx.db.selectFrom('audit_events').select('id').where('client_id', '=', clientId).execute()).length;

  // Each rule alone: the change is made with the data version left as it was (triggers off for it), so only the
  // statement's own check of that rule can refuse the event.
  const changes: Array<[string, (db: Transaction<Database>, userId: number) => Promise<unknown>]> = [
    [
      'another type',
      (db, id) => db.updateTable('users').set({ type: USER_TYPE.client }).where('id', '=', id).execute(),
    ],
    [
      'a temporary password',
      (db, id) => db.updateTable('users').set({ cambia_pass: 1 }).where('id', '=', id).execute(),
    ],
    ['deleted', (db, id) => db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', id).execute()],
    [
      'past its absolute expiry',
      (db, id) =>
        db
          .updateTable('sessions')
          .set({ absolute_expires_at: new Date(ctx.clock.now().getTime() - 1) })
          .where('user_id', '=', id)
          .execute(),
    ],
    [
      'idle too long',
      (db, id) =>
        db
          .updateTable('sessions')
          .set({ idle_expires_at: new Date(ctx.clock.now().getTime() - 1) })
          .where('user_id', '=', id)
          .execute(),
    ],
    [
      'revoked',
      (db, id) => db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', id).execute(),
    ],
  ];
  it.each(changes)('appends nothing for a session whose user or session is %s since', async (_, change) => {
    const t = await twoTenants(ctx);
    const sessions = createSessionsService({ db: ctx.db, clock: ctx.clock, config: ctx.app.deps.config });
    const token = await sessions.issue(t.owner.id, { ip: null, userAgent: null });
    expect(await sessions.authenticate(token)).not.toBeNull();
    await ctx.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await change(trx, t.owner.id);
    });
    const before = await eventsOf(t.client.id);
    const checked = await sessions.authenticateHeldRead(token, readOf(t.client.id));
    expect(checked.recorded).toBe(false);
    expect(checked.auth?.userType === USER_TYPE.professional && !checked.auth.mustChangePassword).toBe(false);
    expect(await eventsOf(t.client.id)).toBe(before);
  });

  it('appends, in one batch, the events of the sessions still as known and of no other', async () => {
    const t = await twoTenants(ctx);
    const sessions = createSessionsService({ db: ctx.db, clock: ctx.clock, config: ctx.app.deps.config });
    const live = await sessions.issue(t.owner.id, { ip: null, userAgent: null });
    const revoked = await sessions.issue(t.owner.id, { ip: null, userAgent: null });
    const known = await Promise.all([sessions.authenticate(live), sessions.authenticate(revoked)]);
    expect(known.every(Boolean)).toBe(true);
    await ctx.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('id', '=', known[1]!.sessionId)
      .execute();
    const offered: number[] = [];
    const eventFor = (auth: NonNullable<(typeof known)[number]>) => {
      offered.push(auth.userId);
      return {
        actorId: auth.userId,
        actorType: auth.userType,
        target: { kind: 'client' as const, id: t.client.id },
        resourceType: 'client',
        action: 'read' as const,
        result: 'success' as const,
        requestId: `held-${offered.length}`,
        ip: null,
      };
    };
    const count = async () =>
      (await ctx.db.selectFrom('audit_events').select('id').where('client_id', '=', t.client.id).execute()).length;
    const before = await count();
    // Called in one turn: one batch, one statement.
    const [a, b] = await Promise.all([
      sessions.authenticateHeldRead(live, eventFor),
      sessions.authenticateHeldRead(revoked, eventFor),
    ]);
    expect(offered).toEqual([t.owner.id, t.owner.id]);
    expect(a).toMatchObject({ recorded: true, auth: { userId: t.owner.id } });
    expect(b).toEqual({ auth: null, recorded: false });
    expect(await count()).toBe(before + 1);
    // A token never checked before has no known session: nothing is offered, nothing appended.
    const fresh = await sessions.issue(t.owner.id, { ip: null, userAgent: null });
    expect(await sessions.authenticateHeldRead(fresh, eventFor)).toMatchObject({ recorded: false });
    expect(offered).toHaveLength(2);
    expect(await count()).toBe(before + 1);
  });
});

import { isDeepStrictEqual } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accessCases } from '../test/access-cases.ts';
import {
  FOREIGN_ACTORS,
  outsiders,
  secretsOf,
  target,
  targetSnapshot,
  type MatrixActor,
  type Outsiders,
  type Target,
} from '../test/access-matrix.ts';
import { answeredStatuses } from '../test/openapi-conformance.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

/**
 * Every authenticated route × {no token, revoked token, a client, a network child and a parent of another
 * account, another account's professional} aimed at the target account's objects: 0 unauthorized 2xx.
 * The owner's column proves each request is valid; the target's client may read only its own record. A row gets a
 * new target unless the row before it was a read that left its target exactly as it found it (decision 259).
 */

const cases = accessCases(() => ctx);

let ctx: TestContext;
let others: Outsiders;
beforeAll(async () => {
  // Every answer of the matrix, each actor's, is also checked against the OpenAPI document (decision 178's addendum).
  ctx = await createTestApp({}, { conformance: true });
  others = await outsiders(ctx);
});
afterAll(() => ctx?.close());

const totals = { cells: 0, unauthorized2xx: 0 };

describe('access matrix over the whole API', () => {
  it('lists every authenticated route the server declares', () => {
    const declared = ctx.app.routeAccess
      .filter((r) => !r.public && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(cases.map((c) => c.route).sort(), 'every declared route has a row').toEqual(declared);
  });

  // A read that left the target as it was hands it on to the next row (decision 259): building one costs four logins,
  // an evaluation and an upload, and most rows are reads.
  let handedOn: Target | undefined;
  it.each(cases)('$route', async (row) => {
    const t = row.setup || !handedOn ? await target(ctx) : handedOn;
    handedOn = undefined;
    await row.setup?.(t);
    const secrets = secretsOf(t);
    const actors: Record<MatrixActor, { id: number; email: string; headers: object }> = {
      none: { ...t.owner, headers: {} },
      revoked: { ...t.owner, headers: t.revokedHeaders },
      ...others,
      client: t.client,
      owner: t.owner,
      // A console route: the operator succeeds, the target's owner is refused like any other professional.
      ...(row.by === 'operator' ? { operator: t.owner, owner: others.operator } : {}),
    };
    const got: Partial<Record<MatrixActor, number>> = {};
    // Taken once: every cell before the owner's must leave the target as it is, so each is compared with this.
    const before = await targetSnapshot(ctx, t);
    for (const name of [...FOREIGN_ACTORS, 'client', 'owner'] as const) {
      const actor = actors[name];
      // The previous cell's mail may still be on its way (sent after the answer): counted before, not during this one.
      await ctx.mailer.idle();
      const sentBefore = ctx.mailer.sent.length;
      const options = await row.request(t, actor);
      const res = await ctx.app.inject({ ...options, headers: { ...(options.headers as object), ...actor.headers } });
      got[name] = res.statusCode;
      if (name === 'owner' && row.by === 'operator')
        for (const secret of secrets)
          expect(res.body, `${row.route} as the operator: client data`).not.toContain(secret);
      if (name === 'owner') continue;
      totals.cells++;
      const label = `${row.route} as ${name} → ${res.statusCode}`;
      const allowed =
        name === 'client' ? row.client !== undefined : row.ownScope === true && name !== 'none' && name !== 'revoked';
      if (res.statusCode < 300 && !allowed) {
        totals.unauthorized2xx++;
        console.log(`unauthorized 2xx: ${label}`);
      }
      if (name !== 'client')
        for (const secret of secrets) expect(res.body, `${label}: target data`).not.toContain(secret);
      if (name !== 'client' || res.statusCode >= 400)
        expect(await targetSnapshot(ctx, t), `${label}: changed the target`).toEqual(before);
      if (res.statusCode >= 400) {
        await ctx.mailer.idle(); // what a refused request queued after its answer counts too
        expect(ctx.mailer.sent.length, `${label}: sent mail`).toBe(sentBefore);
        // The socket route's plain GET is refused by the websocket plugin with an empty 404.
        if (res.body) expect(res.json(), label).toMatchObject({ error: { code: expect.any(String) } });
      }
    }
    expect(got, JSON.stringify(got)).toEqual({
      none: 401,
      revoked: 401,
      ...Object.fromEntries(
        (['foreignClient', 'foreignChild', 'foreignParent', 'stranger', 'operator'] as const).map((n) => [
          n,
          row.ownScope ? got[n] : expect.toSatisfy((s: number) => s >= 400 && s < 500),
        ]),
      ),
      client: row.client ?? expect.toSatisfy((s: number) => s >= 400 && s < 500),
      owner: row.owner,
    });
    if (!row.setup && row.route.startsWith('GET ') && isDeepStrictEqual(await targetSnapshot(ctx, t), before))
      handedOn = t;
  });

  // These spend the acting user (its token, its account): the next row gets new outsiders.
  afterEach(async ({ task }) => {
    if (/logout|account\/delete/.test(task.name)) others = await outsiders(ctx);
  });

  it('answered on every route as the OpenAPI document says', () => {
    const { seen, violations } = ctx.conformance!();
    expect(cases.map((c) => c.route).filter((route) => !seen.has(route))).toEqual([]);
    console.log(`OpenAPI conformance of the matrix: ${seen.size} operations\n${answeredStatuses(seen)}`);
    expect(violations).toEqual([]);
  });

  afterAll(() => {
    console.log(
      `Access matrix: ${cases.length} routes, ${totals.cells} foreign cells, unauthorized 2xx: ${totals.unauthorized2xx}`,
    );
    expect(totals.unauthorized2xx).toBe(0);
  });
});

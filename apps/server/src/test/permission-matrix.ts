import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { twoTenants } from './people-factories.ts';
import type { TestContext } from './test-app.ts';

/**
 * The permission matrix (security.md R14/R15): one route × every actor, with the expected status. Denied
 * cells also check that nothing changed (the suite's snapshot, and no mail sent) and that the body carries
 * none of the owner's client data.
 */

export type MatrixActor = 'none' | 'client' | 'other' | 'owner';
/** Owner last: its writes succeed and would change what the others see. */
export const MATRIX_ACTORS: MatrixActor[] = ['none', 'client', 'other', 'owner'];

export type MatrixFixtures = Awaited<ReturnType<typeof twoTenants>>;

export interface RouteCase<F extends MatrixFixtures> {
  route: string;
  /** The request, for the acting user's id (the owner's id for `none`). */
  request: (f: F, actorId: number) => InjectOptions | Promise<InjectOptions>;
  expected: Record<MatrixActor, number>;
}

export interface MatrixChecks {
  /** Everything a denied request could touch. */
  snapshot: () => Promise<unknown>;
  /** Texts of the owner's client that no denied (or foreign) answer may contain. */
  secrets: string[];
  /** Actors whose 200 answers must not contain the secrets either. */
  blindActors: MatrixActor[];
}

export async function checkRouteForEveryActor<F extends MatrixFixtures>(
  ctx: TestContext,
  f: F,
  { request, expected }: RouteCase<F>,
  checks: MatrixChecks,
): Promise<void> {
  const actors = { none: { id: 0, headers: {} }, client: f.client, other: f.other, owner: f.owner };
  const got: Record<string, number> = {};
  for (const name of MATRIX_ACTORS) {
    const actor = actors[name];
    const sentBefore = ctx.mailer.sent.length;
    const before = await checks.snapshot();
    const options = await request(f, actor.id || f.owner.id);
    const res = await ctx.app.inject({ ...options, headers: { ...(options.headers as object), ...actor.headers } });
    got[name] = res.statusCode;
    if (res.statusCode >= 400) {
      expect(await checks.snapshot(), `${name}: denied request changed the database`).toEqual(before);
      expect(ctx.mailer.sent.length, `${name}: denied request sent mail`).toBe(sentBefore);
      for (const secret of checks.secrets) expect(res.body, `${name}: foreign data in the body`).not.toContain(secret);
      expect(res.json()).toMatchObject({ error: { code: expect.any(String) } });
    }
    if (checks.blindActors.includes(name) && res.statusCode === 200) {
      for (const secret of checks.secrets) expect(res.body).not.toContain(secret);
    }
  }
  expect(got).toEqual(expected);
}

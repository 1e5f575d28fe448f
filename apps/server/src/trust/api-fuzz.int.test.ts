import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findingsFor, operationsOf, requestsFor, type FuzzFinding, type Operation } from '../test/api-fuzz.ts';
import { evaluationBody } from '../test/evaluation-factories.ts';
import { freshIp } from '../test/factories.ts';
import { twoTenants } from '../test/people-factories.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

/**
 * API fuzzing from the contracts (issue 16): fast-check draws requests for every operation of the OpenAPI
 * document, valid and hostile, sent to the real app with a professional's token (some anonymous). Any answer
 * ≥ 500, a stack trace or SQL text in a body, or a body outside the declared response schema is a finding.
 * CI runs FUZZ_RUNS=12 per operation with a fixed seed; `npm run suite:fuzz` runs 200 per operation.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

let ctx: TestContext;
let operations: Operation[];
let owner: Awaited<ReturnType<typeof twoTenants>>['owner'];
let token: string;

beforeAll(async () => {
  // Every answer is also checked against the document: status, media type, body (test/openapi-conformance.ts).
  ctx = await createTestApp({}, { conformance: true });
  const t = await twoTenants(ctx);
  owner = t.owner;
  token = owner.token;
  // Real objects under the owner, so generated small ids reach handlers past the 404s.
  for (let i = 0; i < 3; i++) {
    await ctx.app.inject({
      method: 'POST',
      url: '/web/ingresaevaluacion',
      headers: owner.headers,
      payload: evaluationBody(t.client.id, owner.id),
    });
  }
  const doc = await ctx.app.inject({ method: 'GET', url: '/web/docs/json' });
  operations = operationsOf(doc.json());
});
afterAll(() => ctx?.close());

describe('API fuzzing over the OpenAPI document', () => {
  it(
    `${RUNS} generated requests per operation: no 5xx, no stack or SQL text, answers match their schema`,
    async () => {
      // Every API route the server registers is fuzzed (the document has them all: openapi-conformance.int.test.ts).
      const registered = ctx.app.routeAccess
        .filter((r) => r.method !== 'HEAD' && r.url.startsWith('/web') && !r.url.startsWith('/web/docs'))
        .map((r) => `${r.method} ${r.url}`);
      expect(operations.map((op) => `${op.method} ${op.url}`).sort()).toEqual(registered.sort());
      const findings: { finding: FuzzFinding; request: string; status: number; body: string }[] = [];
      const statuses = new Map<number, number>();
      let sent = 0;
      async function loginWaiting(): Promise<string> {
        for (;;) {
          const res = await ctx.app.inject({
            method: 'POST',
            url: '/web/authenticate',
            payload: { email: owner.email, password: owner.password },
            remoteAddress: freshIp(),
          });
          if (res.statusCode !== 429) return res.json<{ token: string }>().token;
          ctx.clock.advance(Number(res.headers['retry-after']) * 1000);
        }
      }
      const started = performance.now();
      for (const [index, op] of operations.entries()) {
        const requests = fc.sample(requestsFor(op), { seed: SEED + index, numRuns: RUNS });
        for (const req of requests) {
          const res = await ctx.app.inject({
            method: req.method as 'GET',
            url: req.url,
            payload: req.payload,
            remoteAddress: freshIp(),
            headers: {
              'content-type': 'application/json',
              ...(req.anonymous ? {} : { authorization: `Bearer ${token}` }),
            },
          });
          sent++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          for (const finding of findingsFor(op, res)) {
            findings.push({
              finding,
              request: `${req.method} ${req.url.slice(0, 200)} ${String(req.payload ?? '').slice(0, 300)}`,
              status: res.statusCode,
              body: res.body.slice(0, 300),
            });
          }
          // Generated logouts and session ends revoke the token: sign in again to keep reaching handlers.
          // Generated wrong passwords on the routes that ask for it again (second factor, e-mail) count against the
          // owner's login throttle: wait as it says.
          if (res.statusCode === 401 && !req.anonymous) token = await loginWaiting();
        }
      }
      const seconds = (performance.now() - started) / 1000;
      const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
      console.log(
        `API fuzz: ${sent} requests over ${operations.length} operations (seed ${SEED}, ${RUNS} each) in ` +
          `${seconds.toFixed(1)} s; statuses ${byStatus.join(' ')}; findings ${findings.length}`,
      );
      for (const f of findings.slice(0, 20)) console.log(f);
      expect(findings).toEqual([]);
      expect(ctx.conformance!().violations.slice(0, 20)).toEqual([]);
    },
    Math.max(60_000, RUNS * 4_000),
  );
});

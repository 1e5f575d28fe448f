import { unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { evaluationBody } from '../../test/evaluation-factories.ts';
import { twoTenants } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/** The figure of docs/quality.md: size and time of the export of one client with N evaluations (cold report cache). */
const N = 10;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

it(`exports a client with ${N} evaluations and prints its size and time`, async () => {
  const t = await twoTenants(ctx);
  for (let i = 0; i < N; i++) {
    const fecha = `2025-${String(i + 1).padStart(2, '0')}-15`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/ingresaevaluacion',
      headers: t.owner.headers,
      payload: evaluationBody(t.client.id, t.owner.id, { fecha, peso: 80 - i / 2 }),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const started = performance.now();
  const job = await ctx.app.inject({
    method: 'POST',
    url: `/web/clients/${t.client.id}/export`,
    headers: t.owner.headers,
  });
  expect(job.statusCode).toBe(202);
  await ctx.app.deps.background.idle();
  const id = job.json<{ export: { id: string } }>().export.id;
  const zip = await ctx.app.inject({ method: 'GET', url: `/web/exports/${id}/download`, headers: t.owner.headers });
  const ms = performance.now() - started;
  expect(zip.statusCode).toBe(200);
  const entries = unzipSync(new Uint8Array(zip.rawPayload));
  const json = entries['client.json']!.byteLength;
  expect(Object.keys(entries)).toHaveLength(N + 2); // the reports, client.json and fhir-bundle.json
  console.log(
    `Client export: ${N} evaluations → ZIP ${(zip.rawPayload.byteLength / 1024).toFixed(0)} KB ` +
      `(client.json ${(json / 1024).toFixed(0)} KB uncompressed, ${N} PDFs) in ${(ms / 1000).toFixed(1)} s from POST to downloaded`,
  );
});

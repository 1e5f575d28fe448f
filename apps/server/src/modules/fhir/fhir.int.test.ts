import { FHIR_JSON, fhirBundleSchema } from '@medida/contracts';
import { isakFullProfile } from '@medida/domain/test';
import type { Bundle, Observation } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluationBody, fourSkinfoldBody, postEvaluation } from '../../test/evaluation-factories.ts';
import { fhirErrors } from '../../test/fhir-validator.ts';
import { twoTenants } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let t: Awaited<ReturnType<typeof twoTenants>>;
beforeAll(async () => {
  ctx = await createTestApp();
  t = await twoTenants(ctx);
  const body = (overrides: Record<string, unknown>) => evaluationBody(t.client.id, t.owner.id, overrides);
  const isak = body({ evaluation_type: 5, fecha: '2025-12-05' }) as Record<string, unknown>;
  for (const f of ['pcintura', 'pcadera', 'pbrazo', 'ppierna', 'pgrasa']) delete isak[f];
  // Five methods: bioimpedance, two skinfolds, tape measure, four skinfolds (with Rockport and exams), ISAK.
  for (const payload of [
    body({ fecha: '2025-09-10' }),
    body({ evaluation_type: 2, fecha: '2025-10-20', pgrasa: undefined, triceps: 14, subescapular: 12 }),
    body({ evaluation_type: 3, fecha: '2025-11-01', pgrasa: undefined, cuello: 36 }),
    fourSkinfoldBody(t.client.id, t.owner.id, { fecha: '2025-11-15' }),
    { ...isak, isak: { sites: isakFullProfile().sites } },
  ])
    await postEvaluation(ctx.app, t.owner.headers, payload as never);
  // Reading the R4 definitions takes a few seconds, once.
  fhirErrors({ resourceType: 'Bundle', type: 'collection' });
}, 120_000);
afterAll(() => ctx?.close());

const fetchBundle = (headers: object, clientId: number) =>
  ctx.app.inject({ method: 'GET', url: `/web/clients/${clientId}/fhir`, headers: { ...headers } });

describe('GET /web/clients/:id/fhir', () => {
  it('answers a FHIR R4 bundle of a client with five methods that validates with 0 errors', async () => {
    const res = await fetchBundle(t.owner.headers, t.client.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(new RegExp(`^${FHIR_JSON.replace('+', '\\+')}`));
    const bundle = fhirBundleSchema.parse(res.json()) as Bundle;
    expect(fhirErrors(bundle)).toEqual([]);
    const observations = (bundle.entry ?? []).map((e) => e.resource).filter((r) => r?.resourceType === 'Observation');
    const methods = new Set(observations.map((o) => (o as Observation).method?.coding?.[0]?.code));
    expect([...methods].sort()).toEqual(['bioimpedance', 'four_skinfolds', 'isak_profile', 'tape', 'two_skinfolds']);
    const weights = (observations as Observation[]).filter((o) => o.code.coding?.[0]?.code === '29463-7');
    expect(weights.map((o) => o.effectiveDateTime)).toEqual([
      '2025-09-10',
      '2025-10-20',
      '2025-11-01',
      '2025-11-15',
      '2025-12-05',
    ]);
    expect(bundle.entry?.filter((e) => e.resource?.resourceType === 'Practitioner')).toHaveLength(1);
  });

  it('is also the client’s own, read through the portal', async () => {
    const res = await fetchBundle(t.client.headers, t.client.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(fhirErrors(res.json())).toEqual([]);
  });

  it('records the read in the client’s audit trail', async () => {
    const rows = await ctx.db
      .selectFrom('audit_events')
      .select(['actor_id', 'action', 'result'])
      .where('client_id', '=', t.client.id)
      .where('resource_type', '=', 'fhir_bundle')
      .execute();
    expect(rows).toContainEqual({ actor_id: t.owner.id, action: 'read', result: 'success' });
  });

  it('is 404 for another account’s professional and for a client that is not one’s own', async () => {
    expect((await fetchBundle(t.other.headers, t.client.id)).statusCode).toBe(404);
    expect((await fetchBundle(t.owner.headers, t.otherClient.id)).statusCode).toBe(404);
    expect((await fetchBundle(t.client.headers, t.otherClient.id)).statusCode).toBe(404);
    const unauthenticated = await ctx.app.inject({ method: 'GET', url: `/web/clients/${t.client.id}/fhir` });
    expect(unauthenticated.statusCode).toBe(401);
  });
});

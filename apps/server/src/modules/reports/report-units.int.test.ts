import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoTenants } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { fourSkinfoldBody } from '../../test/evaluation-factories.ts';
import { pdfText } from '../../test/pdf-text.ts';

// What a PDF says and how it renders does not depend on the database: PGlite only (CI time, decision 257).
// reports.int.test.ts reads each report's data on both databases.
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

/** One four-skinfold evaluation (70 kg, waist 81.28 cm) made by a professional in `units`. */
async function evaluatedIn(units: 'metric' | 'imperial') {
  const t = await twoTenants(ctx);
  await ctx.db.updateTable('users').set({ lang: 'en' }).where('id', '=', t.client.id).execute();
  await ctx.db.updateTable('users').set({ units }).where('id', '=', t.owner.id).execute();
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/web/ingresaevaluacion',
    headers: t.owner.headers,
    payload: fourSkinfoldBody(t.client.id, t.owner.id, { peso: 70, pcintura: 81.28, triceps: 12 }),
  });
  expect(created.statusCode).toBe(200);
  return { t, id: created.json().evaluacion.id as number };
}

/** The PDF of that evaluation, downloaded by its professional. */
async function reportIn(units: 'metric' | 'imperial') {
  const { t, id } = await evaluatedIn(units);
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/web/evaluations/${id}/report.pdf`,
    headers: t.owner.headers,
  });
  expect(res.statusCode).toBe(200);
  if (process.env.REPORT_PDF_DIR) {
    mkdirSync(process.env.REPORT_PDF_DIR, { recursive: true });
    writeFileSync(path.join(process.env.REPORT_PDF_DIR, `report-${units}.pdf`), res.rawPayload);
  }
  return pdfText(res.rawPayload);
}

describe.skipIf(ON_POSTGRES)('the PDF report in the evaluator\u2019s units (issue 30, decision 183)', () => {
  it('gives weights and masses in lb and lengths in in for an imperial professional, skinfolds in mm', async () => {
    const text = await reportIn('imperial');
    expect(text).toContain('154.3 lb');
    expect(text).toContain('32.0 in');
    expect(text).toContain('12.0 mm');
    // The height (168 cm) as a US reader says it.
    expect(text).toContain('5 ft 6.1 in');
    // No figure of this client is left in kg or cm: kg/m² (BMI) and mL/kg/min (VO2max) are units of their own,
    // and cited cut-offs ("WHO > 94/102 cm men", "≥ 90 cm men") are quoted as their sources publish them.
    const figures = text
      .slice(0, text.lastIndexOf('References'))
      .replace(/kg\/m²|mL\/kg\/min|g\/kg|\([^)]*[≥>][^)]*\)/g, '');
    const stray = [...figures.matchAll(/.{0,40}\d\s?(kg|cm)\b/g)].map((m) => m[0]);
    expect(stray).toEqual([]);
  });

  it('keeps kg and cm for a metric professional', async () => {
    const text = await reportIn('metric');
    expect(text).toContain('70.0 kg');
    expect(text).toContain('81.3 cm');
    expect(text).not.toMatch(/\d\s?lb\b/);
  });

  it('e-mails the client the same PDF, in the imperial professional\u2019s units', async () => {
    const { t, id } = await evaluatedIn('imperial');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/enviarevalua',
      headers: t.owner.headers,
      payload: { evaluationID: id },
    });
    expect(res.statusCode).toBe(200);
    const attachment = ctx.mailer.sent.at(-1)?.attachments?.[0];
    const text = pdfText(attachment!.content, res.json().pdf_password as string);
    expect(text).toContain('154.3 lb');
    expect(text).toContain('32.0 in');
  });
});

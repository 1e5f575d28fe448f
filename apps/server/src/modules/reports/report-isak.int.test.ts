import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryName, computeIsak, equationName, ISAK_LABELS, ISAK_SITE_NAMES } from '@medida/domain';
import { isakFullProfile } from '@medida/domain/test';
import { twoTenants } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { evaluationBody } from '../../test/evaluation-factories.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { reportFormat } from './report-format.ts';

// What a PDF says and how it renders does not depend on the database: PGlite only (CI time, decision 257).
// reports.int.test.ts reads each report's data on both databases.
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);

// Issue 31 A items 3-6 (decision 198): an ISAK profile's page in the PDF, in es, en and pt, with numbers from
// the engine's own computeIsak on the same readings.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const BORN = '1998-05-10';
const STATURE = 178;

/** An ISAK body (type 5): the legacy measurement fields are not sent, the profile derives them. */
function isakBody(clientId: number, ownerId: number, fecha: string, peso: number, sites = isakFullProfile().sites) {
  const base = evaluationBody(clientId, ownerId, { evaluation_type: 5, peso, estatura: STATURE, fecha }) as Record<
    string,
    unknown
  >;
  for (const f of ['pcintura', 'pcadera', 'pbrazo', 'ppierna', 'pgrasa']) delete base[f];
  return { ...base, isak: { sites } };
}

/** A thinner first visit: every skinfold 3 mm more, the girths 1 cm less (a different somatotype). */
function earlierSites() {
  const sites = isakFullProfile().sites;
  return Object.fromEntries(
    Object.entries(sites).map(([site, readings]) => [
      site,
      readings.map((v) => (['triceps', 'subscapular', 'supraspinale', 'medial_calf'].includes(site) ? v + 3 : v)),
    ]),
  );
}

async function isakReportIn(lang: 'es' | 'en' | 'pt', peso: number) {
  const t = await twoTenants(ctx);
  const iso2 = { es: 'CL', en: 'US', pt: 'BR' }[lang];
  const country = await ctx.db.selectFrom('countries').select('id').where('iso2', '=', iso2).executeTakeFirstOrThrow();
  await ctx.db
    .updateTable('users')
    .set({ lang, sexo: 'Masculino', nacimiento: BORN, pais_id: country.id })
    .where('id', '=', t.client.id)
    .execute();
  const first = await ctx.app.inject({
    method: 'POST',
    url: '/web/ingresaevaluacion',
    headers: t.owner.headers,
    payload: isakBody(t.client.id, t.owner.id, '2025-06-04', peso + 2, earlierSites()),
  });
  expect(first.statusCode, first.body).toBe(200);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/web/ingresaevaluacion',
    headers: t.owner.headers,
    payload: isakBody(t.client.id, t.owner.id, '2026-02-10', peso),
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().evaluacion.id as number;
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/web/evaluations/${id}/report.pdf`,
    headers: t.owner.headers,
  });
  expect(res.statusCode).toBe(200);
  // REPORT_PDF_DIR=/tmp/x keeps the PDFs for a look (pdftoppm -png …).
  if (process.env.REPORT_PDF_DIR) {
    mkdirSync(process.env.REPORT_PDF_DIR, { recursive: true });
    writeFileSync(path.join(process.env.REPORT_PDF_DIR, `report-isak-${lang}-${peso}.pdf`), res.rawPayload);
  }
  const fmt = reportFormat(lang, iso2);
  const isak = computeIsak(isakFullProfile(), { sex: 'M', age: 27.75, massKg: peso, statureCm: STATURE });
  return { text: pdfText(res.rawPayload), fmt, isak };
}

const rating = (s: { endomorphy: number; mesomorphy: number; ectomorphy: number }, num: (v: number) => string) =>
  [s.endomorphy, s.mesomorphy, s.ectomorphy].map(num).join('-');

describe.skipIf(ON_POSTGRES)('the ISAK page of the report (decision 198)', () => {
  it.each(['es', 'en', 'pt'] as const)(
    'a %s report prints the sites with final values and TEM, the sums, the somatotype and Kerr',
    async (lang) => {
      const { text, fmt, isak } = await isakReportIn(lang, 75);
      const L = (key: keyof typeof ISAK_LABELS) => ISAK_LABELS[key][lang];
      expect(text).toContain(L('title'));
      // The site measured three times, its readings and median.
      const thigh = isak.sites.front_thigh!;
      expect(text).toContain(
        `${ISAK_SITE_NAMES.front_thigh[lang]} ${[14, 15.2, 14.6].map((v) => fmt.num(v, 1)).join(' · ')} (${L('thirdTaken')}) ${fmt.num(thigh.final, 2)} mm`,
      );
      const skinfoldTem = isak.tem.skinfolds!;
      expect(text).toContain(`${L('temSkinfolds')} ${fmt.num(skinfoldTem.relative_pct, 2)} %`);
      expect(text).toContain(`≤ ${fmt.num(7.5, 1)} % ${L('level1')} · ≤ ${fmt.num(5, 1)} % ${L('level2')}`);
      expect(text).toContain(L('withinLevel2'));
      expect(text).toContain(`${L('sum6')} ${fmt.num(isak.sum6_mm!, 1)} mm`);
      expect(text).toContain(`${L('sum8')} ${fmt.num(isak.sum8_mm!, 1)} mm`);
      const s = isak.somatotype!;
      // Label and value sit in two columns (pdftotext may read them apart): both are on the page.
      for (const part of [L('rating'), rating(s, (v) => fmt.num(v, 1)), categoryName(s.category, lang), L('hwr')])
        expect(text).toContain(part);
      expect(text).toContain(fmt.num(s.hwr, 2));
      // The somatochart's labels and the table of its points, the earlier one first.
      for (const pole of ['endomorphy', 'mesomorphy', 'ectomorphy'] as const) expect(text).toContain(L(pole));
      expect(text).toContain(`${fmt.shortDate('2025-06-04')}`);
      expect(text.indexOf(fmt.shortDate('2025-06-04'))).toBeLessThan(text.indexOf(fmt.shortDate('2026-02-10')));
      const k = isak.kerr!;
      expect(text).toContain(`${L('muscle')} ${fmt.mass(k.muscle_kg)} ${fmt.num(k.percent.muscle, 1)} %`);
      expect(text).toContain(
        `${L('kerrDifference')}: +${fmt.num(k.difference_kg, 1)} kg (+${fmt.num(k.difference_pct, 1)} %)`,
      );
      expect(text).toContain(L('kerrWithin'));
      expect(text).not.toContain(L('kerrCheck'));
      // No English label left on a Spanish or Portuguese page (the references keep published English titles).
      if (lang !== 'en') {
        const pages = text.slice(0, text.lastIndexOf(lang === 'es' ? 'Referencias' : 'Referências'));
        for (const t of Object.values(ISAK_LABELS)) if (t.en.length > 8) expect(pages).not.toContain(t.en);
      }
      // Each block cites its equation by name, in the report's language.
      for (const id of ['heath_carter_1990', 'kerr_1988', 'isak_skinfold_sums', 'isak_repeat_tem'])
        expect(text).toContain(equationName(id, lang));
    },
  );

  it('flags Kerr’s five masses beyond ±5 % of the measured mass as a data check', async () => {
    const { text, fmt, isak } = await isakReportIn('en', 70);
    expect(isak.kerr!.difference_pct).toBeGreaterThan(5);
    expect(text).toContain(`+${fmt.num(isak.kerr!.difference_pct, 1)} %`);
    expect(text).toContain(ISAK_LABELS.kerrCheck.en);
  });
});

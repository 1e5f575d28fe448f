import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { multipartPayload, twoTenants, type Actor } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { evaluationBody, fourSkinfoldBody } from '../../test/evaluation-factories.ts';
import { pdfImages, pdfInfo, pdfText } from '../../test/pdf-text.ts';
import { conditionName, ENGINE_VERSION } from '@medida/domain';

// What a PDF says and how it renders does not depend on the database: PGlite only (CI time, decision 257).
// reports.int.test.ts reads each report's data on both databases.
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

/** Three clients as the issue tells them: Chile in Spanish, Brazil in Portuguese, the United States in English. */
const CLIENTS = {
  es: { country: 'CL', rut: '111111111', shownId: '11.111.111-1', nombre: 'Zoë', apellido: 'Muñoz Ő' },
  pt: { country: 'BR', rut: '12345678909', shownId: '123.456.789-09', nombre: 'João', apellido: 'Conceição' },
  en: { country: 'US', rut: null, shownId: null, nombre: 'Mary', apellido: 'Watson' },
} as const;

/** Words that only an English text uses: none of them may appear in a Spanish or Portuguese report. */
const ENGLISH_WORDS = [
  'the',
  'and',
  'of',
  'with',
  'weight',
  'height',
  'body',
  'fat',
  'waist',
  'hip',
  'results',
  'history',
  'date',
  'page',
  'report',
  'evaluation',
  'professional',
  'measurements',
  'skinfolds',
  'blood',
  'pressure',
  'normal range',
  'low',
  'high',
  'healthy',
  'under',
  'treatment',
  'yes',
  'warning',
  'sources',
  'references',
  'estimate',
  'equation',
  'muscle',
  'lean',
  'mass',
  'training',
  'exams',
  'chronic',
  'sedentary',
  'moderate',
];

/** A square picture (a coloured disc on transparency, like a logo) uploaded as the professional's avatar. */
async function uploadAvatar(actor: Pick<Actor, 'headers'>) {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><circle cx="300" cy="300" r="280" fill="#1c7ed6"/><text x="300" y="360" font-size="200" text-anchor="middle" fill="#fff">AP</text></svg>';
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const { payload, headers } = await multipartPayload({}, [{ name: 'logo.png', data: new Uint8Array(png) }], 'files');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/web/avatar',
    headers: { ...actor.headers, ...headers },
    payload,
  });
  expect(res.statusCode).toBe(200);
}

async function reportFor(lang: keyof typeof CLIENTS, query = '', options: { avatar?: boolean } = {}) {
  const t = await twoTenants(ctx);
  if (options.avatar) await uploadAvatar(t.owner);
  const c = CLIENTS[lang];
  const country = await ctx.db
    .selectFrom('countries')
    .select('id')
    .where('iso2', '=', c.country)
    .executeTakeFirstOrThrow();
  await ctx.db
    .updateTable('users')
    .set({ lang, nombre: c.nombre, apellido: c.apellido, rut: c.rut, pais_id: country.id })
    .where('id', '=', t.client.id)
    .execute();
  await ctx.db
    .updateTable('users')
    .set({ telefono: '+56 9 1234 5678', especialidad: 'Nutricionista' })
    .where('id', '=', t.owner.id)
    .execute();
  for (const [fecha, peso] of [
    ['2025-09-10', 78.4],
    ['2025-12-02', 76.5],
  ] as const)
    await ctx.app.inject({
      method: 'POST',
      url: '/web/ingresaevaluacion',
      headers: t.owner.headers,
      payload: evaluationBody(t.client.id, t.owner.id, { fecha, peso }),
    });
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/web/ingresaevaluacion',
    headers: t.owner.headers,
    payload: fourSkinfoldBody(t.client.id, t.owner.id, {
      peso: 72.5,
      clinical_data: {
        temperatura: 36.5,
        dif_respirar: false,
        ecnt: [
          { name: 'Hipertensión', value: true, tratamiento: true },
          { name: 'Diabetes', value: false },
        ],
        autoinmune: [],
        exams: [
          { name: 'fasting_glucose', value: 92, status: true },
          { name: 'hdl', value: 38.5, status: true },
        ],
      },
    }),
  });
  expect(created.statusCode).toBe(200);
  const id = created.json().evaluacion.id as number;
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/web/evaluations/${id}/report.pdf${query}`,
    headers: t.owner.headers,
  });
  expect(res.statusCode).toBe(200);
  // REPORT_PDF_DIR=/tmp/x keeps the PDFs for a look (pdftoppm -png …).
  if (process.env.REPORT_PDF_DIR) {
    mkdirSync(process.env.REPORT_PDF_DIR, { recursive: true });
    const name = `report-${lang}${query ? '-asked' : ''}${options.avatar ? '-logo' : ''}.pdf`;
    writeFileSync(path.join(process.env.REPORT_PDF_DIR, name), res.rawPayload);
  }
  return { pdf: res.rawPayload, text: pdfText(res.rawPayload), id, t };
}

/** The English words of the pages before the references (citations stay as published, often in English). */
const englishIn = (text: string, references: string) => {
  const pages = text.slice(0, text.lastIndexOf(references));
  return ENGLISH_WORDS.filter((w) => new RegExp(`(^|[^\\p{L}])${w}([^\\p{L}]|$)`, 'iu').test(pages));
};

describe.skipIf(ON_POSTGRES)('the report PDF in the client’s language and region (issue 14)', () => {
  it.each(['es', 'pt'] as const)(
    'a %s report has no English words, and its inputs and numbers are local',
    async (lang) => {
      const { text } = await reportFor(lang);
      expect(englishIn(text, lang === 'es' ? 'Referencias' : 'Referências')).toEqual([]);
      expect(text).toContain('72,5 kg');
      expect(text).toContain('168,0 cm');
      expect(text).toContain('122/78 mmHg');
      expect(text).toContain('36,5 °C');
      expect(text).toContain('38,5 mg/dL'); // the HDL value as the laboratory reported it (decision 196), with its unit
      expect(text).toContain(CLIENTS[lang].shownId);
      expect(text).toContain(`${CLIENTS[lang].nombre} ${CLIENTS[lang].apellido}`);
      expect(text).toContain(conditionName('Hipertensión', lang));
    },
  );

  it('an en-US report writes 72.5 kg, January dates and keeps internal notes out of the pages', async () => {
    const { text, pdf } = await reportFor('en');
    expect(text).toContain('72.5 kg');
    expect(text).toContain('Evaluation date: February 20, 2026');
    expect(text).toContain('Mary Watson');
    for (const internal of ['formulas.md', 'Product convention', ENGINE_VERSION, 'engine'])
      expect(text).not.toContain(internal);
    expect(pdfInfo(pdf).Keywords).toContain(`engine ${ENGINE_VERSION}`);
  });

  it('dates, skinfolds, the first page’s bars and the professional’s contact are in every report', async () => {
    const { text } = await reportFor('es');
    expect(text).toContain('Fecha de evaluación: 20 de febrero de 2026');
    for (const part of [
      'Pliegue tricipital 18,0 mm',
      'Pliegue subescapular 15,0 mm',
      'Pliegue abdominal 22,0 mm',
      'Cintura 84,0 cm',
    ])
      expect(text).toContain(part);
    expect(text).toContain('Tus resultados de un vistazo');
    expect(text).toContain('+56 9 1234 5678');
    expect(text).toContain('Nutricionista');
    expect(text).toContain('Síndrome metabólico (tamizaje)');
    expect(text).toMatch(/Página 1 \/ \d/);
  });

  it('the professional may ask for another language than the client’s', async () => {
    const { text } = await reportFor('es', '?lang=en');
    expect(text).toContain('Evaluation report');
    expect(text).toContain('72.5 kg');
  });

  it.each(['es', 'pt', 'en'] as const)(
    'a %s report carries the professional’s avatar as the header logo on every page, and no image without one',
    async (lang) => {
      const withLogo = await reportFor(lang, '', { avatar: true });
      const images = pdfImages(withLogo.pdf);
      const pages = Number(pdfInfo(withLogo.pdf).Pages);
      // One picture object, drawn in the header of each page; at most 160 px, from the 512 px avatar.
      expect(new Set(images.map((i) => i.page))).toEqual(new Set(Array.from({ length: pages }, (_, i) => i + 1)));
      for (const image of images) expect([image.width, image.height]).toEqual([160, 160]);
      // The profession in the report's language (issue 30 item 13), stored in Spanish.
      expect(withLogo.text).toContain(lang === 'en' ? 'Nutritionist' : 'Nutricionista');

      const without = await reportFor(lang);
      expect(pdfImages(without.pdf)).toEqual([]);
    },
  );
});

describe.skipIf(ON_POSTGRES)('the report tells the truth in its own language (issue 30 item 13)', () => {
  const PAGE = { es: 'Página', en: 'Page', pt: 'Página' } as const;
  it.each([
    ['es', 'Nutricionista', 'Historial', 'Grasa corporal (%)', ['Grasa visceral', '% grasa']],
    ['en', 'Nutritionist', 'History', 'Body fat (%)', ['Visceral fat', 'Fat %']],
    ['pt', 'Nutricionista', 'Histórico', 'Gordura corporal (%)', ['Gordura visceral', '% gordura']],
  ] as const)(
    '%s: profession, history on page 1, one unit, WHtR once, balanced pages',
    async (lang, profession, history, fatTitle, absent) => {
      const { text, pdf } = await reportFor(lang);
      const pages = Number(pdfInfo(pdf).Pages);
      const page = (n: number) =>
        text.slice(
          n === 1 ? 0 : text.indexOf(`${PAGE[lang]} ${n - 1} / ${pages}`),
          text.indexOf(`${PAGE[lang]} ${n} / ${pages}`),
        );
      // The header's profession in the report's language, not the stored Spanish word alone.
      expect(page(1)).toContain(profession);
      // Page 1 carries the history (it was half blank); the charts' titles name the unit once.
      expect(page(1)).toContain(history);
      expect(page(1)).toContain(fatTitle);
      // Without lipids the visceral figure is the waist-to-height ratio: printed once, under its own name.
      for (const word of absent) expect(text).not.toContain(word);
      // No last page of a few lines: the references fill it.
      expect(page(pages).length).toBeGreaterThan(1500);
    },
  );

  it.each(['es', 'pt'] as const)('a %s report cites its references without English fragments', async (lang) => {
    const { text } = await reportFor(lang);
    for (const fragment of ['classes:', 'Table 5', 'under 17 y', 'used by', 'final phase', 'updated 2016'])
      expect(text).not.toContain(fragment);
  });

  it('a client who does not exercise gets no training level beside "Exercises: no" (item 11c)', async () => {
    const t = await twoTenants(ctx);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/web/ingresaevaluacion',
      headers: t.owner.headers,
      payload: evaluationBody(t.client.id, t.owner.id, { ejercita: 'No', hace: undefined, frecentrena: undefined }),
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().evaluacion.id as number;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/web/evaluations/${id}/report.pdf?lang=en`,
      headers: t.owner.headers,
    });
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Exercises No');
    expect(text).not.toContain('Training level');
  });

  it.each([
    [
      'es',
      ['ALTO EN AZÚCARES', 'Rojo sobre', 'Obesidad abdominal (corte de su población) ≥ 80 cm Aumentado'],
      ['ALTO EM'],
    ],
    [
      'pt',
      [
        'ALTO EM AÇÚCAR ADICIONADO',
        'Vermelho a partir de',
        'Obesidade abdominal (ponto de corte da sua população) ≥ 80 cm',
      ],
      ['ALTO EN', 'Reino Unido'],
    ],
    [
      'en',
      [
        'Per labeled serving',
        'Added sugars',
        'Red from',
        'Abdominal obesity (cut-off of your population) ≥ 88 cm Not increased',
        '21 CFR 101.9(c)',
      ],
      ['UK front-of-pack', 'ALTO E', 'LatAm'],
    ],
  ] as const)(
    '%s: the food guide and the waist cut-off of the client’s country (item 12)',
    async (lang, present, absent) => {
      const { text } = await reportFor(lang);
      for (const part of present) expect(text).toContain(part);
      for (const part of absent) expect(text).not.toContain(part);
    },
  );
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../test/factories.ts';
import { twoTenants } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { evaluationBody, fourSkinfoldBody } from '../../test/evaluation-factories.ts';
import { pdfInfo, pdfText } from '../../test/pdf-text.ts';
import { equationCitation, EXAM_CATALOGUE } from '@medida/domain';
import { reportFormat } from './report-format.ts';
import { REPORT_EMAILS_PER_HOUR } from './reports.service.ts';
import { REPORT_MESSAGE_MAX } from '@medida/contracts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

async function evaluated(lang: 'es' | 'en' | 'pt') {
  const t = await twoTenants(ctx);
  await ctx.db
    .updateTable('users')
    .set({ lang, nombre: 'Zoë', apellido: 'Muñoz' })
    .where('id', '=', t.client.id)
    .execute();
  await ctx.app.inject({
    method: 'POST',
    url: '/web/ingresaevaluacion',
    headers: t.owner.headers,
    payload: evaluationBody(t.client.id, t.owner.id, { fecha: '2026-01-15', peso: 76 }),
  });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/web/ingresaevaluacion',
    headers: t.owner.headers,
    payload: fourSkinfoldBody(t.client.id, t.owner.id),
  });
  return { ...t, id: res.json().evaluacion.id as number };
}

const HEADINGS = {
  es: [
    'Informe de evaluación',
    'Tus resultados de un vistazo',
    'Índice de masa corporal',
    'Cuatro pliegues',
    'Comparación de ecuaciones de grasa corporal',
    'Historial',
    'Guía de alimentos (semáforo)',
    'Exámenes',
    'Referencias',
  ],
  en: [
    'Evaluation report',
    'Your results at a glance',
    'Body mass index',
    'Four skinfolds',
    'Body-fat equations compared',
    'History',
    'Food guide (traffic light)',
    'Exams',
    'References',
  ],
  pt: [
    'Relatório de avaliação',
    'Seus resultados em resumo',
    'Índice de massa corporal',
    'Quatro dobras',
    'Comparação de equações de gordura corporal',
    'Histórico',
    'Guia de alimentos (semáforo)',
    'Exames',
    'Referências',
  ],
} as const;

describe('GET /web/evaluations/:id/report.pdf', () => {
  it.each(['es', 'en', 'pt'] as const)("renders the report in the client's language (%s)", async (lang) => {
    const t = await evaluated(lang);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/web/evaluations/${t.id}/report.pdf`,
      headers: { ...t.owner.headers, 'accept-language': 'es' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // The file's name in the report's language too (issue 30 item 13).
    const name = { es: 'medida-evaluacion', en: 'medida-evaluation', pt: 'medida-avaliacao' }[lang];
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}-${t.id}-v1-2026-02-20.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Issue 10 item 15: the same inert-download headers as attachments, and the Permissions-Policy.
    expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['permissions-policy'])).toContain('camera=()');
    const text = pdfText(res.rawPayload);
    for (const heading of HEADINGS[lang]) expect(text).toContain(heading);
    expect(text).toContain('Zoë Muñoz');
    // Every equation of the body-fat comparison is cited with its source, as the client's copy prints it.
    const flat = text;
    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/web/getevaluacion?evaluationID=${t.id}`, headers: t.owner.headers })
    ).json().data;
    expect(detail.results.comparisons.length).toBeGreaterThan(1);
    for (const c of detail.results.comparisons)
      expect(flat).toContain(equationCitation(c.equation.id, lang, c.equation.citation).split(';')[0]);
    // The history chart's time axis spans both visits, dates written as the language does.
    const fmt = reportFormat(lang);
    expect(text).toContain(fmt.shortDate('2026-01-15'));
    expect(text).toContain(fmt.shortDate('2026-02-20'));
    // Exam names and limits in the report's language, whatever language the evaluation was saved in.
    expect(flat).toContain(EXAM_CATALOGUE.fasting_glucose.name[lang]);
    expect(flat).toContain(EXAM_CATALOGUE.total_cholesterol.limit('F')[lang].split(';')[0]!);
  });

  const LATE_LIFE = {
    es: [
      'Lecturas del equipo de bioimpedancia',
      'músculo 34,5 kg',
      'agua 55,2 %',
      'ángulo de fase 6,3°',
      'metabolismo basal 1.720 kcal',
      'Volumen de entrenamiento',
      '150 min/semana',
      'VO2máx medido',
      '(20-81 años)',
      '(19-78 años)',
    ],
    en: [
      'Bioimpedance device readings',
      'muscle 34.5 kg',
      'water 55.2 %',
      'phase angle 6.3°',
      'BMR 1,720 kcal',
      'Training volume',
      '150 min/week',
      'Measured VO2max',
      '(20-81 y)',
      '(19-78 y)',
    ],
    pt: [
      'Leituras do aparelho de bioimpedância',
      'músculo 34,5 kg',
      'água 55,2 %',
      'ângulo de fase 6,3°',
      'metabolismo basal 1.720 kcal',
      'Volume de treino',
      '150 min/semana',
      'VO2máx medido',
      '(20-81 anos)',
      '(19-78 anos)',
    ],
  } as const;

  it.each(['es', 'en', 'pt'] as const)(
    'prints the device readings, training volume, measured VO2max and the validity warnings of a 91-year-old (%s)',
    async (lang) => {
      const t = await twoTenants(ctx);
      // 91 y: outside Lee 2000 (20-81 y) and Mifflin-St Jeor (19-78 y), so both are flagged (decision 036).
      // Saved while the client's language is Spanish; the report is asked for after it changed.
      await ctx.db
        .updateTable('users')
        .set({ lang: 'es', nacimiento: '1935-01-10' })
        .where('id', '=', t.client.id)
        .execute();
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/web/ingresaevaluacion',
        headers: t.owner.headers,
        payload: evaluationBody(t.client.id, t.owner.id, {
          device: { muscle_kg: 34.5, visceral_level: 9, water_pct: 55.2, phase_angle: 6.3, bmr_kcal: 1720 },
          training_volume_min: 150,
          vo2max_measured: 30.5,
          clinical_data: {
            temperatura: 36.6,
            dif_respirar: false,
            ecnt: [],
            autoinmune: [],
            exams: [{ name: 'hdl', value: 39.6, status: true }],
          },
        }),
      });
      expect(created.statusCode).toBe(200);
      await ctx.db.updateTable('users').set({ lang }).where('id', '=', t.client.id).execute();
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/web/evaluations/${created.json().evaluacion.id}/report.pdf`,
        headers: t.owner.headers,
      });
      expect(res.statusCode).toBe(200);
      const flat = pdfText(res.rawPayload);
      for (const expected of LATE_LIFE[lang]) expect(flat).toContain(expected);
      // The exam in the report's language, printed as the laboratory reported it, 39.6, and classed on that figure
      // (decision 196; decision 035 printed "40"); the note says so.
      expect(flat).toContain(EXAM_CATALOGUE.hdl.name[lang]);
      expect(flat).toContain(EXAM_CATALOGUE.hdl.limit('F')[lang].split(';')[0]!);
      expect(flat).toMatch(/39[.,]6 mg\/dL/);
      expect(flat).not.toContain('39.60');
      expect(flat).toContain(
        { es: 'Cada categoría se decide', en: 'Each class is decided', pt: 'Cada categoria é decidida' }[lang],
      );
    },
  );

  it('an older version is rendered on request; unknown ones are 404', async () => {
    const t = await evaluated('es');
    await ctx.app.inject({
      method: 'POST',
      url: '/web/editEvaluation',
      headers: t.owner.headers,
      payload: { ...fourSkinfoldBody(t.client.id, t.owner.id), evaluationID: t.id },
    });
    const v1 = await ctx.app.inject({
      method: 'GET',
      url: `/web/evaluations/${t.id}/report.pdf?version=1`,
      headers: t.owner.headers,
    });
    expect(v1.headers['content-disposition']).toContain('-v1-');
    // The version is in the document's metadata, not on the client's pages.
    expect(pdfInfo(v1.rawPayload).Keywords).toContain('version 1 ');
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/web/evaluations/${t.id}/report.pdf?version=9`,
          headers: t.owner.headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('POST /web/enviarevalua', () => {
  it('e-mails an encrypted PDF to the client, with no health values in the body, and records it', async () => {
    const t = await evaluated('en');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/enviarevalua',
      headers: { ...t.owner.headers, 'accept-language': 'en' },
      payload: { evaluationID: t.id },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      message: expect.stringContaining(`The report was sent to ${t.client.email}`),
      to: t.client.email,
      pdf_password: expect.stringMatching(/^[A-Za-z0-9]{10}$/),
    });
    const mail = ctx.mailer.sent.at(-1)!;
    expect(mail.to).toBe(t.client.email);
    expect(mail.subject).toBe('Your Medida evaluation report');
    expect(mail.text).toContain('attached as a PDF protected by a password');
    for (const canary of ['72.5', '168', '25.', 'kg', '%']) expect(mail.text).not.toContain(canary);
    const attachment = mail.attachments?.[0];
    expect(attachment).toMatchObject({
      filename: `medida-evaluation-${t.id}-v1-2026-02-20.pdf`,
      contentType: 'application/pdf',
    });
    expect(attachment!.content.toString('latin1')).toMatch(/\/Encrypt/);
    expect(pdfText(attachment!.content)).not.toContain('Evaluation report'); // unreadable without the password
    expect(pdfText(attachment!.content, body.pdf_password)).toContain('Evaluation report');
    expect(mail.raw).toContain('Content-Type: application/pdf');

    const logged = await ctx.db.selectFrom('evaluation_emails').selectAll().where('evaluation_id', '=', t.id).execute();
    expect(logged).toEqual([
      expect.objectContaining({ version: 1, sent_by: t.owner.id, recipient: t.client.email, lang: 'en' }),
    ]);
    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/web/getevaluacion?evaluationID=${t.id}`, headers: t.owner.headers })
    ).json().data;
    expect(detail.emails).toEqual([
      {
        sent_at: expect.any(String),
        to: t.client.email,
        version: 1,
        sent_by: { id: t.owner.id, nombre: expect.any(String), apellido: expect.any(String) },
      },
    ]);
  });

  // 21 encrypted renderings: a minute and more on a loaded machine.
  it(`allows ${REPORT_EMAILS_PER_HOUR} reports an hour per professional, then 429`, { timeout: 240_000 }, async () => {
    const t = await evaluated('es');
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/web/enviarevalua',
        headers: t.owner.headers,
        payload: { evaluationID: t.id },
      });
    for (let i = 0; i < REPORT_EMAILS_PER_HOUR; i++) expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    ctx.clock.advance(3600_000);
    const headers = bearer(await login(ctx.app, t.owner)); // the session idled out meanwhile
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/web/enviarevalua', headers, payload: { evaluationID: t.id } }))
        .statusCode,
    ).toBe(200);
  });

  it('sends to the address the professional typed, with a personal message, in the chosen language, Reply-To the professional', async () => {
    const t = await evaluated('es');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/web/enviarevalua',
      headers: t.owner.headers,
      payload: {
        evaluationID: t.id,
        to: '  familia.munoz@example.org ',
        message: 'Hola Zoë,\nte dejo tu informe. ¡Vamos bien!',
        lang: 'pt',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().to).toBe('familia.munoz@example.org');
    const mail = ctx.mailer.sent.at(-1)!;
    expect(mail.to).toBe('familia.munoz@example.org');
    expect(mail.subject).toBe('Seu relatório de avaliação Medida');
    expect(mail.text).toMatch(/^Mensagem de Ana Pérez:\n\nHola Zoë,\nte dejo tu informe\. ¡Vamos bien!/);
    expect(mail.text).toContain('20 de fevereiro de 2026'); // the evaluation's date as the language writes it
    expect(mail.raw).toMatch(/^Reply-To: .*<user-[^>]+@example\.com>/m);
    const owner = await ctx.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', t.owner.id)
      .executeTakeFirstOrThrow();
    expect(mail.replyTo).toEqual({ name: 'Ana Pérez', address: owner.email });
    const password = res.json().pdf_password as string;
    expect(pdfText(mail.attachments![0]!.content, password)).toContain('Relatório de avaliação');
    const logged = await ctx.db.selectFrom('evaluation_emails').selectAll().where('evaluation_id', '=', t.id).execute();
    expect(logged).toEqual([expect.objectContaining({ recipient: 'familia.munoz@example.org', lang: 'pt' })]);
  });

  it('refuses a bad recipient, a message too long or with control characters, an unknown language: translated, nothing sent', async () => {
    const t = await evaluated('es');
    const before = ctx.mailer.sent.length;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ to: 'not-an-address' }, 'to', 'Ingresa un correo electrónico válido.'],
      [{ to: 'a@b.cl\r\nBcc: x@y.z' }, 'to', 'Ingresa un correo electrónico válido.'],
      [{ message: 'x'.repeat(REPORT_MESSAGE_MAX + 1) }, 'message', 'Es demasiado largo.'],
      [{ message: 'hola\u0007' }, 'message', 'Este campo contiene caracteres no permitidos.'],
      [{ lang: 'fr' }, 'lang', ''],
    ];
    for (const [extra, field, text] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/web/enviarevalua',
        headers: { ...t.owner.headers, 'accept-language': 'es' },
        payload: { evaluationID: t.id, ...extra },
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      const fields = res.json().error.message as Record<string, string[]>;
      expect(Object.keys(fields)).toContain(field);
      if (text) expect(fields[field]).toContain(text);
    }
    expect(ctx.mailer.sent.length).toBe(before);
    const logged = await ctx.db.selectFrom('evaluation_emails').selectAll().where('evaluation_id', '=', t.id).execute();
    expect(logged).toEqual([]);
  });

  it('validates the body (422) and hides other tenants (404)', async () => {
    const t = await evaluated('es');
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/web/enviarevalua', headers: t.owner.headers, payload: {} }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/web/enviarevalua',
          headers: t.other.headers,
          payload: { evaluationID: t.id },
        })
      ).statusCode,
    ).toBe(404);
  });
});

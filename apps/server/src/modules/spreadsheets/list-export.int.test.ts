import { USER_TYPE } from '@medida/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluationBody, fourSkinfoldBody, postEvaluation } from '../../test/evaluation-factories.ts';
import { bearer, insertUser, login } from '../../test/factories.ts';
import { twoTenants } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createEvaluationsService } from '../evaluations/evaluations.service.ts';

// Issue 35 item 5 (decision 227): the lists as CSV and XLSX, in the reader's language, formula-safe, scoped.

let ctx: TestContext;
let t: Awaited<ReturnType<typeof twoTenants>>;
/** A client whose name a spreadsheet would run as a formula. */
let hostile: { id: number; email: string; headers: Record<string, string> };

beforeAll(async () => {
  ctx = await createTestApp();
  t = await twoTenants(ctx);
  const loc = { pais_id: t.ids.pais_id, region_id: t.ids.region_id, comuna_id: t.ids.comuna_id };
  const user = await insertUser(ctx, {
    type: USER_TYPE.client,
    parent_user_id: t.owner.id,
    ...loc,
    nombre: '=HYPERLINK("http://evil.example","x")',
    apellido: '@SUM(A1)',
    sexo: 'Femenino',
    nacimiento: '1990-04-02',
  });
  hostile = { ...user, headers: bearer(await login(ctx.app, user)) };
  await postEvaluation(ctx.app, t.owner.headers, evaluationBody(t.client.id, t.owner.id, { fecha: '2026-01-10' }));
  await postEvaluation(ctx.app, t.owner.headers, fourSkinfoldBody(t.client.id, t.owner.id, { fecha: '2026-02-11' }));
  await postEvaluation(ctx.app, t.owner.headers, evaluationBody(hostile.id, t.owner.id, { peso: 61.25 }));
  await postEvaluation(ctx.app, t.other.headers, evaluationBody(t.otherClient.id, t.other.id));
});
afterAll(() => ctx?.close());

const get = (url: string, headers: object, lang = 'es') =>
  ctx.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-language': lang } });
const lines = (body: Buffer) => body.toString('utf8').slice(1).split('\r\n').slice(0, -1);

async function sheetOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('GET /web/evaluation-list/export', () => {
  it('CSV in Spanish: the import’s headers then the results with units, decimal commas, only the actor’s scope', async () => {
    const res = await get('/web/evaluation-list/export', t.owner.headers, 'es');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="evaluaciones-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = lines(res.rawPayload);
    expect(header!.startsWith('RUT / documento;Correo electrónico;Nombre;Apellido;Fecha;Método;Peso (kg);')).toBe(true);
    expect(header).toContain(';Índice de masa corporal (kg/m²);Grasa corporal (%);Grasa corporal (kg);');
    expect(header).toContain(';Edad metabólica (años);');
    // The owner's three, newest first; never the other account's.
    expect(rows).toHaveLength(3);
    expect(rows.join('\n')).not.toContain(t.otherClient.email);
    const mine = rows.find((r) => r.includes(hostile.email))!;
    expect(mine).toContain(';61,25;168;');
    expect(mine).toContain(';Bioimpedancia;');
    expect(mine).toContain(';Sí;');
    // Formula-safe: the name and last name start with a quote.
    expect(mine).toContain(`;"'=HYPERLINK(""http://evil.example"",""x"")";'@SUM(A1);2026-02-20;`);
    expect(rows.some((r) => r.includes(';Cuatro pliegues;'))).toBe(true);
  });

  it('CSV in English and Portuguese: the language’s delimiter, decimal mark and words', async () => {
    const en = await get('/web/evaluation-list/export?format=csv', t.owner.headers, 'en');
    const [enHeader, ...enRows] = lines(en.rawPayload);
    expect(enHeader!.startsWith('ID number,E-mail,First name,Last name,Date,Method,Weight (kg),')).toBe(true);
    expect(en.headers['content-disposition']).toMatch(/filename="evaluations-/);
    const row = enRows.find((r) => r.includes(hostile.email))!;
    expect(row).toContain(',61.25,168,');
    expect(row).toContain(',Bioimpedance,');
    expect(row).toContain(',Yes,');
    const pt = await get('/web/evaluation-list/export', t.owner.headers, 'pt');
    const [ptHeader, ...ptRows] = lines(pt.rawPayload);
    expect(ptHeader!.startsWith('Documento;E-mail;Nome;Sobrenome;Data;Método;Peso (kg);')).toBe(true);
    expect(ptRows.find((r) => r.includes(hostile.email))).toContain(';61,25;168;');
  });

  it('XLSX: numbers and dates are real cells with formats, a formula-like text stays a string', async () => {
    const res = await get('/web/evaluation-list/export?format=xlsx', t.owner.headers, 'en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/filename="evaluations-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.name).toBe('Evaluations');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    expect(sheet.rowCount).toBe(4);
    const row = [2, 3, 4].map((n) => sheet.getRow(n)).find((r) => r.getCell(col('E-mail')).value === hostile.email)!;
    const weight = row.getCell(col('Weight (kg)'));
    expect(weight.type).toBe(ExcelJS.ValueType.Number);
    expect(weight.value).toBe(61.25);
    const date = row.getCell(col('Date'));
    expect(date.value).toEqual(new Date('2026-02-20T00:00:00Z'));
    expect(date.numFmt).toBe('yyyy-mm-dd');
    const bmi = row.getCell(col('Body mass index (kg/m²)'));
    expect(bmi.type).toBe(ExcelJS.ValueType.Number);
    expect(bmi.numFmt).toBe('0.0');
    const name = row.getCell(col('First name'));
    expect(name.type).toBe(ExcelJS.ValueType.String);
    expect(name.value).toBe('=HYPERLINK("http://evil.example","x")');
    expect(name.formula).toBeUndefined();
    expect(row.getCell(col('Last name')).type).toBe(ExcelJS.ValueType.String);
  });

  it("applies the list's filters: a prefix, one client's (id_evaluado); out of scope is 404", async () => {
    const byEmail = await get(
      `/web/evaluation-list/export?filter_email=${encodeURIComponent(hostile.email.slice(0, -3))}`,
      t.owner.headers,
    );
    expect(lines(byEmail.rawPayload).slice(1)).toHaveLength(1);
    const one = await get(`/web/evaluation-list/export?id_evaluado=${t.client.id}`, t.owner.headers);
    const rows = lines(one.rawPayload).slice(1);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.includes(t.client.email))).toBe(true);
    // The other account's client, and the owner's client for the other account: not found.
    expect((await get(`/web/evaluation-list/export?id_evaluado=${t.otherClient.id}`, t.owner.headers)).statusCode).toBe(
      404,
    );
    expect((await get(`/web/evaluation-list/export?id_evaluado=${t.client.id}`, t.other.headers)).statusCode).toBe(404);
    const audit = await ctx.db
      .selectFrom('audit_events')
      .select(['action', 'resource_type', 'result'])
      .where('client_id', '=', t.client.id)
      .where('resource_type', '=', 'evaluation_list')
      .where('action', '=', 'export')
      .execute();
    expect(audit.map((a) => a.result).sort()).toEqual(['denied', 'success']);
  });

  it('a client (the portal) exports its own evaluations only', async () => {
    const own = await get('/web/evaluation-list/export?format=xlsx', hostile.headers, 'es');
    expect(own.statusCode, own.body).toBe(200);
    const sheet = await sheetOf(own.rawPayload);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe(hostile.email);
    expect((await get(`/web/evaluation-list/export?id_evaluado=${t.client.id}`, hostile.headers)).statusCode).toBe(404);
    expect((await get(`/web/evaluation-list/export?id_usuario=${t.owner.id}`, hostile.headers)).statusCode).toBe(404);
  });

  it('refuses the anonymous, an unknown format or parameter with a translated error', async () => {
    expect((await get('/web/evaluation-list/export', {})).statusCode).toBe(401);
    const pdf = await get('/web/evaluation-list/export?format=pdf', t.owner.headers, 'en');
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json<{ error: { message: string } }>().error.message).toBeTruthy();
    expect((await get('/web/evaluation-list/export?page=2', t.owner.headers)).statusCode).toBe(422);
  });

  it('reads the rows a page at a time: the same rows in the same order as one page', async () => {
    const service = createEvaluationsService(ctx.app.deps);
    const actor = { userId: t.owner.id, userType: USER_TYPE.professional, parentId: null, credits: 0 };
    const collect = async (pageSize: number) => {
      const ids: string[] = [];
      for await (const page of await service.exportPages({ actor, filters: {}, pageSize }))
        ids.push(...page.map((r) => `${r.client.email}:${r.inputs.fecha}`));
      return ids;
    };
    const whole = await collect(500);
    expect(whole).toHaveLength(3);
    expect(await collect(1)).toEqual(whole);
    expect(await collect(2)).toEqual(whole);
  });
});

describe('GET /web/client-list/export', () => {
  it('XLSX: the client list’s columns, a formula-like name as a string, the birth date as a date', async () => {
    const res = await get('/web/client-list/export?format=xlsx', t.owner.headers, 'pt');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="clientes-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const sheet = await sheetOf(res.rawPayload);
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Nome', 'Sobrenome', 'E-mail']);
    expect(sheet.rowCount).toBe(3);
    const row = [2, 3].map((n) => sheet.getRow(n)).find((r) => r.getCell(3).value === hostile.email)!;
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(1).value).toBe('=HYPERLINK("http://evil.example","x")');
    expect(row.getCell(6).value).toEqual(new Date('1990-04-02T00:00:00Z'));
    expect(row.getCell(7).value).toBe('Feminino');
  });

  it('CSV by default, searched like the list; refused to a client and to an unknown format', async () => {
    const res = await get(`/web/client-list/export?search=${encodeURIComponent(hostile.email)}`, t.owner.headers);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(lines(res.rawPayload)).toHaveLength(2);
    expect((await get('/web/client-list/export', t.client.headers)).statusCode).toBe(403);
    expect((await get('/web/client-list/export?format=ods', t.owner.headers)).statusCode).toBe(422);
  });
});

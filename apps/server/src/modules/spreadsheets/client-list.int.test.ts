import { USER_TYPE } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.ts';
import { loggedIn, twoTenants } from '../../test/people-factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { csvCell } from '../../lib/spreadsheet-write.ts';

// Issue 30 item 16 (decision 191): the client list as CSV, scoped to the acting professional; its headers are the
// shared spreadsheet columns' since issue 35 (decision 227).

let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof twoTenants>>;
/** Clients whose names a spreadsheet would run as formulas, with accents and the delimiter inside. */
let hostile: { id: number; email: string };
let colleaguesClient: { id: number; email: string };

beforeAll(async () => {
  ctx = await createTestApp();
  tenants = await twoTenants(ctx);
  const loc = { pais_id: tenants.ids.pais_id, region_id: tenants.ids.region_id, comuna_id: tenants.ids.comuna_id };
  hostile = await insertUser(ctx, {
    type: USER_TYPE.client,
    parent_user_id: tenants.owner.id,
    ...loc,
    nombre: '=HYPERLINK("http://evil.example","x")',
    apellido: 'Muñoz; "Peña"',
    telefono: '+56 9 1234 5678',
    sexo: 'Femenino',
    nacimiento: '1990-04-02',
  });
  // A client of the owner's network professional: not on the owner's list, so not in its CSV either.
  colleaguesClient = await insertUser(ctx, { type: USER_TYPE.client, parent_user_id: tenants.colleague.id, ...loc });
});
afterAll(() => ctx?.close());

const csv = (headers: object, lang = 'es', query = '') =>
  ctx.app.inject({
    method: 'GET',
    url: `/web/clients.csv${query}`,
    headers: { ...headers, 'accept-language': lang },
  });

const text = (body: Buffer) => body.toString('utf8');

describe('GET /web/clients.csv', () => {
  it("is the professional's own clients only, UTF-8 with BOM, headers and file name in Spanish", async () => {
    const res = await csv(tenants.owner.headers, 'es');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const day = ctx.app.deps.clock.now().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="clientes-${day}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const body = text(res.rawPayload);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Nombre;Apellido;Correo electrónico;RUT / documento;Teléfono;Fecha de nacimiento;Sexo;Dirección;País;Región;Comuna;Consentimiento;Cliente desde',
    );
    // Header, the two clients of twoTenants' owner, the last CRLF.
    expect(lines).toHaveLength(4);
    expect(lines.at(-1)).toBe('');
    expect(body).toContain(tenants.client.email);
    expect(body).toContain(hostile.email);
    expect(body).not.toContain(tenants.otherClient.email);
    expect(body).not.toContain(colleaguesClient.email);
    expect(body).not.toContain(tenants.colleague.email);
  });

  it('never runs a cell as a formula, quotes the delimiter and keeps accents', async () => {
    const body = text((await csv(tenants.owner.headers, 'es')).rawPayload);
    const row = body.split('\r\n').find((line) => line.includes(hostile.email))!;
    expect(row.startsWith(`"'=HYPERLINK(""http://evil.example"",""x"")";"Muñoz; ""Peña""";${hostile.email};`)).toBe(
      true,
    );
    expect(row).toContain(";'+56 9 1234 5678;1990-04-02;Femenino;");
    expect(csvCell('-2+3', ',')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)', ',')).toBe("'@SUM(A1)");
    expect(csvCell('\tx', ',')).toBe("'\tx");
    expect(csvCell('a,b', ',')).toBe('"a,b"');
    expect(csvCell('a;b', ',')).toBe('a;b');
    expect(csvCell('line\nbreak', ';')).toBe('"line\nbreak"');
    expect(csvCell('Peña', ';')).toBe('Peña');
  });

  it('speaks the reader’s language: English with commas, Portuguese with semicolons', async () => {
    const en = await csv(tenants.owner.headers, 'en');
    expect(en.headers['content-disposition']).toMatch(/filename="clients-\d{4}-\d{2}-\d{2}\.csv"/);
    const enBody = text(en.rawPayload);
    expect(enBody.slice(1).split('\r\n')[0]).toBe(
      'First name,Last name,E-mail,ID number,Phone,Date of birth,Sex,Address,Country,Region,City,Consent,Client since',
    );
    expect(enBody).toContain(',1990-04-02,Female,');
    const pt = await csv(tenants.owner.headers, 'pt');
    expect(pt.headers['content-disposition']).toMatch(/filename="clientes-\d{4}-\d{2}-\d{2}\.csv"/);
    const ptBody = text(pt.rawPayload);
    expect(ptBody.slice(1).split('\r\n')[0]).toBe(
      'Nome;Sobrenome;E-mail;Documento;Telefone;Data de nascimento;Sexo;Endereço;País;Estado;Cidade;Consentimento;Cliente desde',
    );
    expect(ptBody).toContain(';1990-04-02;Feminino;');
  });

  it('takes the list search: only the matching clients', async () => {
    const res = await csv(tenants.owner.headers, 'es', `?search=${encodeURIComponent(hostile.email)}`);
    expect(res.statusCode).toBe(200);
    const lines = text(res.rawPayload).split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(hostile.email);
  });

  it('another professional gets its own (empty) list, never this one', async () => {
    const res = await csv(tenants.other.headers, 'es');
    expect(res.statusCode).toBe(200);
    const body = text(res.rawPayload);
    expect(body).toContain(tenants.otherClient.email);
    expect(body).not.toContain(tenants.client.email);
    expect(body).not.toContain(hostile.email);
    const loner = await loggedIn(ctx, { creditos: 1 });
    const empty = text((await csv(loner.headers, 'en')).rawPayload);
    expect(empty.slice(1).split('\r\n')).toHaveLength(2);
  });

  it('refuses a client (portal user), the anonymous and an unknown parameter, each with a translated error', async () => {
    const asClient = await csv(tenants.client.headers, 'pt');
    expect(asClient.statusCode).toBe(403);
    expect(asClient.body).not.toContain(hostile.email);
    expect(asClient.json<{ error: { message: string } }>().error.message).toBe(
      'Você não tem permissão para esta ação.',
    );
    expect((await csv({}, 'es')).statusCode).toBe(401);
    const unknown = await csv(tenants.owner.headers, 'en', '?parent_user_id=1');
    expect(unknown.statusCode).toBe(422);
    const long = await csv(tenants.owner.headers, 'en', `?search=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(422);
  });

  it('is rate-limited like the report downloads: the 31st in a minute is a 429 with Retry-After', async () => {
    const pro = await loggedIn(ctx, { creditos: 1 });
    for (let i = 0; i < 30; i++) expect((await csv(pro.headers)).statusCode).toBe(200);
    const refused = await csv(pro.headers);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

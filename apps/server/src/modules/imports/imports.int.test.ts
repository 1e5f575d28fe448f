import { USER_TYPE, rutCheckDigit, type ImportResponse } from '@medida/contracts';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.ts';
import { loggedIn, multipartPayload, twoTenants } from '../../test/people-factories.ts';
import { readImportFile } from './import-file.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

// Issue 35 items 1–4 (decision 228): importing clients and evaluations from CSV and XLSX.

let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof twoTenants>>;

beforeAll(async () => {
  ctx = await createTestApp();
  tenants = await twoTenants(ctx);
});
afterAll(() => ctx?.close());

let rutSeq = 15_000_000 + (process.pid % 1000) * 100;
const rut = () => {
  const body = String(++rutSeq);
  return `${body}-${rutCheckDigit(body)}`;
};

const CLIENT_HEADER_ES =
  'Nombre;Apellido;Correo electrónico;RUT / documento;Teléfono;Fecha de nacimiento;Sexo;Dirección;País;Región;Comuna;Consentimiento';
const clientLine = (o: { email: string; rut: string; nombre?: string; nacimiento?: string; consent?: string }) =>
  [
    o.nombre ?? 'Ana',
    'Pérez',
    o.email,
    o.rut,
    '+56 9 1234 5678',
    o.nacimiento ?? '14/03/1990',
    'Femenino',
    'Av. Providencia 1234',
    'Chile',
    'Región Metropolitana de Santiago',
    'Santiago',
    o.consent ?? 'Sí',
  ].join(';');

/** One stored-as-deflate entry of `size` zeros: a few hundred kB that unpack to `size` bytes. */
function zipBomb(size: number): Buffer {
  const data = deflateRawSync(Buffer.alloc(size), { level: 9 });
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const crc = crc32(Buffer.alloc(size));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  const centralAt = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

const csvFile = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');

async function importFile(
  kind: 'clients' | 'evaluations',
  file: Buffer,
  o: { dryRun?: boolean; headers?: object; fields?: Record<string, string>; lang?: string; name?: string } = {},
) {
  const { payload, headers } = await multipartPayload(
    o.fields ?? {},
    [{ name: o.name ?? 'file.csv', data: file }],
    'file',
  );
  return ctx.app.inject({
    method: 'POST',
    url: `/web/import/${kind}?dry_run=${o.dryRun ? 'true' : 'false'}${o.lang ? `&lang=${o.lang}` : ''}`,
    headers: { ...(o.headers ?? tenants.owner.headers), ...headers, 'accept-language': 'es' },
    payload,
  });
}

const clientsOf = (email: string) =>
  ctx.db.selectFrom('users').select(['id', 'nombre', 'nacimiento']).where('email', '=', email).execute();

describe('GET /web/import/template', () => {
  it('answers a CSV with the headers in the language asked and one example row that imports', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/web/import/template?kind=clients&lang=pt&format=csv',
      headers: tenants.owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Nome;Sobrenome;E-mail;Documento;Telefone;Data de nascimento;Sexo;Endereço;País;Estado;Cidade;Consentimento',
    );
    expect(lines).toHaveLength(2);
    const dry = await importFile('clients', res.rawPayload, { dryRun: true });
    expect(dry.json<ImportResponse>().rows[0]).toMatchObject({ status: 'created', errors: {} });
  });

  it('answers an XLSX workbook for evaluations', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/web/import/template?kind=evaluations&lang=en&format=xlsx',
      headers: tenants.owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload.buffer.slice(0) as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).getCell(5).value).toBe('Weight (kg)');
  });

  it('is for professionals only', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/web/import/template?kind=clients',
      headers: tenants.client.headers,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /web/import/clients', () => {
  it('a dry run answers per row and stores nothing; the real run creates; the same file again creates nothing', async () => {
    const a = { email: 'import.ana@example.com', rut: rut() };
    const b = { email: 'import.bea@example.com', rut: rut(), nombre: 'Bea' };
    const file = csvFile([CLIENT_HEADER_ES, clientLine(a), clientLine(b)]);

    const dry = await importFile('clients', file, { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const preview = dry.json<ImportResponse>();
    expect(preview.dry_run).toBe(true);
    expect(preview.totals).toEqual({ created: 2, updated: 0, skipped: 0, error: 0 });
    expect(preview.columns.map((c) => c.key)).toEqual([
      'nombre',
      'apellido',
      'email',
      'rut',
      'telefono',
      'nacimiento',
      'sexo',
      'direccion',
      'pais',
      'region',
      'comuna',
      'consent',
    ]);
    expect(await clientsOf(a.email)).toEqual([]);

    const real = await importFile('clients', file);
    expect(real.json<ImportResponse>().totals).toEqual({ created: 2, updated: 0, skipped: 0, error: 0 });
    const [stored] = await clientsOf(a.email);
    expect(stored).toMatchObject({ nombre: 'Ana', nacimiento: '1990-03-14' });
    const consent = await ctx.db
      .selectFrom('client_consents')
      .selectAll()
      .where('client_id', '=', stored!.id)
      .execute();
    expect(consent).toHaveLength(1);

    const again = await importFile('clients', file);
    expect(again.json<ImportResponse>().totals).toEqual({ created: 0, updated: 0, skipped: 2, error: 0 });

    // A changed name updates the client it matches by document (the e-mail in the file differs).
    const changed = csvFile([
      CLIENT_HEADER_ES,
      clientLine({ ...b, email: 'other.bea@example.com', nombre: 'Beatriz' }),
    ]);
    const update = await importFile('clients', changed);
    expect(update.json<ImportResponse>().rows[0]).toMatchObject({ status: 'updated' });
    expect((await clientsOf(b.email))[0]?.nombre).toBe('Beatriz');
  });

  it('answers each error at its cell and stores none of a bad row', async () => {
    const file = csvFile([
      CLIENT_HEADER_ES,
      clientLine({ email: 'bad.date@example.com', rut: rut(), nacimiento: '31/02/1990' }),
      clientLine({ email: 'formula@example.com', rut: rut(), nombre: '=HYPERLINK("http://evil.example")' }),
      clientLine({ email: 'no.consent@example.com', rut: rut(), consent: '' }),
      clientLine({ email: 'bad.rut@example.com', rut: '12.345.678-0' }),
    ]);
    const res = await importFile('clients', file);
    const body = res.json<ImportResponse>();
    expect(body.totals).toEqual({ created: 0, updated: 0, skipped: 0, error: 4 });
    expect(Object.keys(body.rows[0]!.errors)).toEqual(['nacimiento']);
    expect(body.rows[1]!.errors.nombre).toEqual(['La celda contiene una fórmula: pega solo valores.']);
    expect(Object.keys(body.rows[2]!.errors)).toEqual(['consent']);
    expect(Object.keys(body.rows[3]!.errors)).toEqual(['rut']);
    expect(await clientsOf('no.consent@example.com')).toEqual([]);
  });

  it('stores a file of several batches row by row: the refused rows alone are left out, each stored one whole', async () => {
    // 120 clients: more than two batches of 50 (decision 228), one too young, one with the e-mail of another
    // account's professional, and one row repeated right after itself (never in the same batch: skipped).
    const people = Array.from({ length: 120 }, (_, i) => ({ email: `batch-${i}@example.com`, rut: rut() }));
    const lines = people.map((p, i) =>
      clientLine(i === 37 ? { ...p, nacimiento: '01/01/2024' } : i === 88 ? { ...p, email: tenants.other.email } : p),
    );
    lines.splice(6, 0, lines[5]!);
    const file = csvFile([CLIENT_HEADER_ES, ...lines]);

    const body = (await importFile('clients', file)).json<ImportResponse>();
    expect(body.totals).toEqual({ created: 118, updated: 0, skipped: 1, error: 2 });
    expect(body.rows[6]!.status).toBe('skipped');
    expect(Object.keys(body.rows[38]!.errors)).toEqual(['nacimiento']);
    expect(Object.keys(body.rows[89]!.errors)).toEqual(['email']);
    expect(await clientsOf(people[37]!.email)).toEqual([]);
    expect(await clientsOf(people[88]!.email)).toEqual([]);

    const stored = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', 'like', 'batch-%@example.com')
      .execute();
    const ids = stored.map((u) => u.id);
    expect(ids).toHaveLength(118);
    const consents = await ctx.db
      .selectFrom('client_consents')
      .select('client_id')
      .where('client_id', 'in', ids)
      .execute();
    const events = await ctx.db
      .selectFrom('audit_events')
      .select('client_id')
      .where('client_id', 'in', ids)
      .where('action', '=', 'create')
      .where('resource_type', '=', 'client_import')
      .execute();
    expect([new Set(consents.map((c) => c.client_id)).size, new Set(events.map((e) => e.client_id)).size]).toEqual([
      118, 118,
    ]);

    const again = (await importFile('clients', file)).json<ImportResponse>();
    expect(again.totals).toEqual({ created: 0, updated: 0, skipped: 119, error: 2 });
  });

  it("attested consent records each new client's consent and an audit event of the attestation", async () => {
    const email = 'attested@example.com';
    const file = csvFile([CLIENT_HEADER_ES, clientLine({ email, rut: rut(), consent: '' })]);
    const res = await importFile('clients', file, { fields: { attest_consent: 'true' } });
    expect(res.json<ImportResponse>().totals.created).toBe(1);
    const [client] = await clientsOf(email);
    const events = await ctx.db
      .selectFrom('audit_events')
      .select(['action', 'resource_type'])
      .where('client_id', '=', client!.id)
      .execute();
    expect(events).toEqual(
      expect.arrayContaining([
        { action: 'create', resource_type: 'client_import' },
        { action: 'consent_given', resource_type: 'consent_attested' },
      ]),
    );
  });

  it('reads English headers, month-first dates, and an XLSX with a confirmed mapping', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('x');
    sheet.addRow(['First name', 'Surname', 'E-mail', 'ID number', 'Phone', 'Date of birth', 'Sex', 'Address']);
    sheet.addRow(['Carla', 'Soto', 'carla@example.com', rut(), '+56 9 5555 5555', '12/31/1985', 'Female', 'Calle 1']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const mapping = JSON.stringify({ Surname: 'apellido' });
    const res = await importFile('clients', file, {
      dryRun: true,
      lang: 'en',
      name: 'c.xlsx',
      fields: { mapping, attest_consent: 'true' },
    });
    const body = res.json<ImportResponse>();
    expect(body.format).toBe('xlsx');
    expect(body.columns[1]).toEqual({ header: 'Surname', key: 'apellido', unit: null });
    // No place columns: the form requires them.
    expect(Object.keys(body.rows[0]!.errors).sort()).toEqual(['comuna', 'pais', 'region']);
    expect(body.rows[0]!.errors.nacimiento).toBeUndefined();
  });

  it('refuses hostile and oversized files with a clear error', async () => {
    const cases: [Buffer, number, string][] = [
      // A zip whose one entry unpacks to 150 MB of zeros, and one of 600 entries.
      [zipBomb(150 * 1024 * 1024), 422, 'descomprimirlo'],
      [
        Buffer.from(
          zipSync(Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`f${i}.xml`, new Uint8Array(1)]))),
        ),
        422,
        'descomprimirlo',
      ],
      // Latin-1 bytes (an é as 0xE9) are not UTF-8.
      [
        Buffer.concat([Buffer.from('Nombre;Apellido\r\nJos'), Buffer.from([0xe9]), Buffer.from(';X\r\n')]),
        422,
        'CSV UTF-8',
      ],
      [csvFile(['Nombre', ...Array.from({ length: 10_001 }, (_, i) => `n${i}`)]), 422, '10.000 filas'],
      [Buffer.alloc(10 * 1024 * 1024 + 10, 'a'), 413, '10 MB'],
      [Buffer.from('PK\u0003\u0004 not really a zip'), 422, 'XLSX'],
    ];
    for (const [file, status, text] of cases) {
      const res = await importFile('clients', file, { dryRun: true });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.body).toContain(text);
    }
    const huge = csvFile([
      CLIENT_HEADER_ES,
      clientLine({ email: 'huge@example.com', rut: rut(), nombre: 'x'.repeat(5000) }),
    ]);
    const res = await importFile('clients', huge, { dryRun: true });
    expect(res.json<ImportResponse>().rows[0]!.errors.nombre).toEqual(['La celda tiene más de 1.000 caracteres.']);
  });

  it('is refused to a client and to a request without a file', async () => {
    const file = csvFile([CLIENT_HEADER_ES]);
    expect((await importFile('clients', file, { headers: tenants.client.headers })).statusCode).toBe(403);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/web/import/clients',
      headers: { ...tenants.owner.headers, 'content-type': 'application/json' },
      payload: {},
    });
    expect(empty.statusCode).toBe(422);
  });
});

describe('POST /web/import/evaluations', () => {
  const HEADER =
    'RUT / documento;Fecha;Método;Peso (lb);Estatura (in);Presión sistólica (mmHg);Presión diastólica (mmHg);Cintura (cm);Cadera (cm);Brazo (cm);Pierna (cm);Grasa (%);Temperatura (°C);Fuma;Alcohol;Hace ejercicio;Entrena hace (1–6);Entrenamientos por semana;IMC';

  it('recomputes each evaluation with the engine, converts units, skips the same evaluation twice', async () => {
    const clientRut = rut();
    const client = await insertUser(ctx, {
      type: USER_TYPE.client,
      parent_user_id: tenants.owner.id,
      pais_id: tenants.ids.pais_id,
      region_id: tenants.ids.region_id,
      comuna_id: tenants.ids.comuna_id,
      rut: clientRut.replace('-', ''),
    });
    const file = csvFile([
      HEADER,
      // 160 lb, 66 in; the file's own BMI (99) is never stored.
      `${clientRut};20/02/2026;Bioimpedancia;160;66;122;78;84;100;30;56;28;36,6;No;No;Sí;4;3;99`,
      `${clientRut};21/02/2026;9;160;66;122;78;84;100;30;56;28;36,6;No;No;Sí;4;3;99`,
      `${tenants.otherClient.email};20/02/2026;1;160;66;122;78;84;100;30;56;28;36,6;No;No;Sí;4;3;99`,
    ]);
    const res = await importFile('evaluations', file);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ImportResponse>();
    expect(
      body.rows.map((r) => r.status),
      JSON.stringify(body.rows),
    ).toEqual(['created', 'error', 'error']);
    expect(Object.keys(body.rows[1]!.errors)).toEqual(['evaluation_type']);
    // Another account's client is not found (the document column holds its e-mail: no client has it).
    expect(body.rows[2]!.errors.rut).toBeDefined();
    const stored = await ctx.db
      .selectFrom('evaluations')
      .select(['bmi', 'evaluated_on'])
      .where('client_id', '=', client.id)
      .execute();
    expect(stored).toHaveLength(1);
    // 72.57 kg / 1.6764 m²
    expect(stored[0]!.bmi).toBeCloseTo(72.57 / 1.6764 ** 2, 1);

    const again = await importFile('evaluations', file);
    expect(again.json<ImportResponse>().rows[0]!.status).toBe('skipped');
  });
});

describe('round trip', () => {
  it('export → import into a new installation → export again gives the same rows (clients and evaluations)', async () => {
    // E-mails are unique in an installation: the new account lives in another one, as after a move.
    const second = await createTestApp();
    try {
      const source = await loggedIn(ctx, { creditos: 10 });
      const clients = [0, 1, 2].map((i) => ({ email: `trip-${i}@example.com`, rut: rut(), nombre: `Viaje${i}` }));
      await importFile('clients', csvFile([CLIENT_HEADER_ES, ...clients.map((c) => clientLine(c))]), {
        headers: source.headers,
      });
      const evaluationsCsv = csvFile([
        'Correo electrónico;Fecha;Método;Peso (kg);Estatura (cm);Presión sistólica;Presión diastólica;Cintura;Cadera;Brazo;Pierna;Grasa;Temperatura;Fuma;Alcohol;Hace ejercicio;Entrena hace (1–6);Entrenamientos por semana',
        ...clients.map((c, i) => `${c.email};1${i}/02/2026;1;7${i},5;168;122;78;84;100;30;56;28;36,6;No;No;Sí;4;3`),
      ]);
      expect(
        (await importFile('evaluations', evaluationsCsv, { headers: source.headers })).json<ImportResponse>().totals
          .created,
      ).toBe(3);

      const exported = async (app: TestContext, headers: object, list: 'client-list' | 'evaluation-list') => {
        const res = await app.app.inject({
          method: 'GET',
          url: `/web/${list}/export?format=xlsx`,
          headers: { ...headers, 'accept-language': 'es' },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.rawPayload;
      };
      const target = await loggedIn(second, { creditos: 0 });
      const send = async (kind: 'clients' | 'evaluations', file: Buffer) => {
        const { payload, headers } = await multipartPayload({}, [{ name: 'list.xlsx', data: file }], 'file');
        const res = await second.app.inject({
          method: 'POST',
          url: `/web/import/${kind}`,
          headers: { ...target.headers, ...headers, 'accept-language': 'es' },
          payload,
        });
        return res.json<ImportResponse>();
      };
      const rowsOf = async (file: Buffer) => (await readImportFile(file)).rows;

      const clientList = await exported(ctx, source.headers, 'client-list');
      expect((await send('clients', clientList)).totals).toMatchObject({ created: 3, error: 0 });
      expect(await rowsOf(await exported(second, target.headers, 'client-list'))).toEqual(await rowsOf(clientList));

      const evaluationList = await exported(ctx, source.headers, 'evaluation-list');
      expect((await send('evaluations', evaluationList)).totals).toMatchObject({ created: 3, error: 0 });
      // The list is newest first, and the import stored them in the file's order: the same rows, compared sorted.
      const sorted = (rows: string[][]) => rows.map((r) => r.join('|')).sort();
      const again = await rowsOf(await exported(second, target.headers, 'evaluation-list'));
      expect(sorted(again)).toEqual(sorted(await rowsOf(evaluationList)));
    } finally {
      await second.close();
    }
  });
});

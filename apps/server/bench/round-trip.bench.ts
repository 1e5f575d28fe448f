/**
 * Issue 35's done-when (decision 228): a 5,000-row client file and a 20,000-row evaluation file round-trip: export
 * → import into a new account → export again gives the same rows. A benchmark, not a test (minutes of work):
 * `DATABASE_URL=postgres://… npm run bench:round-trip -w @medida/server` (two fresh databases are created and
 * dropped; without DATABASE_URL it runs on PGlite). ROUND_TRIP_CLIENTS (default 5,000) and
 * ROUND_TRIP_EVALUATIONS_PER_CLIENT (default 4) size it; ROUND_TRIP_FORMAT is csv (default) or xlsx.
 *
 * The source account gets its clients and evaluations through the import too. Its lists are exported; the new
 * account, in another installation (e-mails are unique in one), imports the client list in one file and the
 * evaluation list in files of at most IMPORT_MAX_ROWS rows, split by rows with the header repeated, as a user splits
 * a spreadsheet. The new account's exports are compared with the first ones, row by row (sorted: rows imported in
 * the file's order may list in another order), and the times are printed.
 */
import { performance } from 'node:perf_hooks';
import { rutCheckDigit, type ImportResponse } from '@medida/contracts';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { IMPORT_MAX_ROWS } from '../src/modules/imports/import-file.ts';
import { loggedIn, multipartPayload, type Actor } from '../src/test/people-factories.ts';
import { createTestApp, type TestContext } from '../src/test/test-app.ts';

const CLIENTS = Number(process.env.ROUND_TRIP_CLIENTS ?? 5000);
const PER_CLIENT = Number(process.env.ROUND_TRIP_EVALUATIONS_PER_CLIENT ?? 4);
const FORMAT = process.env.ROUND_TRIP_FORMAT === 'xlsx' ? 'xlsx' : 'csv';
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const CLIENT_HEADER =
  'Nombre;Apellido;Correo electrónico;RUT / documento;Teléfono;Fecha de nacimiento;Sexo;Dirección;País;Región;Comuna;Consentimiento';
const EVALUATION_HEADER =
  'Correo electrónico;Fecha;Método;Peso (kg);Estatura (cm);Presión sistólica;Presión diastólica;Cintura;Cadera;Brazo;Pierna;Grasa;Temperatura;Fuma;Alcohol;Hace ejercicio;Entrena hace (1–6);Entrenamientos por semana';

const email = (i: number) => `round-trip-${i}@example.com`;
const csv = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');

function clientsCsv(): Buffer {
  const lines = [CLIENT_HEADER];
  for (let i = 0; i < CLIENTS; i++) {
    const body = String(21_000_000 + i);
    const birth = `${String((i % 28) + 1).padStart(2, '0')}/${String((i % 12) + 1).padStart(2, '0')}/${1950 + (i % 50)}`;
    lines.push(
      [
        `Nombre${i}`,
        `Apellido${i % 97}`,
        email(i),
        `${body}-${rutCheckDigit(body)}`,
        `+56 9 ${String(10_000_000 + i).slice(0, 4)} ${String(i).padStart(4, '0')}`,
        birth,
        i % 2 ? 'Femenino' : 'Masculino',
        `Calle ${i} 123`,
        'Chile',
        'Región Metropolitana de Santiago',
        'Santiago',
        'Sí',
      ].join(';'),
    );
  }
  return csv(lines);
}

/** PER_CLIENT evaluations of each client on different days, in files of at most IMPORT_MAX_ROWS rows. */
function evaluationCsvs(): Buffer[] {
  const rows: string[] = [];
  for (let i = 0; i < CLIENTS; i++)
    for (let k = 0; k < PER_CLIENT; k++) {
      const day = `${String((i % 27) + 1).padStart(2, '0')}/${String(k + 1).padStart(2, '0')}/2025`;
      const weight = `${55 + (i % 40)},${k}`;
      rows.push(
        `${email(i)};${day};1;${weight};${150 + (i % 40)};${110 + (i % 30)};${70 + (i % 15)};${70 + (i % 30)};${90 + (i % 25)};${25 + (i % 10)};${45 + (i % 15)};${15 + (i % 20)};36,${i % 10};${i % 3 ? 'No' : 'Sí'};No;Sí;${(i % 6) + 1};${(i % 6) + 2}`,
      );
    }
  return splitRows(EVALUATION_HEADER, rows);
}

function splitRows(header: string, rows: string[]): Buffer[] {
  const files: Buffer[] = [];
  for (let start = 0; start < rows.length; start += IMPORT_MAX_ROWS)
    files.push(csv([header, ...rows.slice(start, start + IMPORT_MAX_ROWS)]));
  return files;
}

/**
 * A whole exported list as rows of cells (the header first), read as a spreadsheet opens it: the import's reader
 * refuses more than IMPORT_MAX_ROWS rows, which is why the list is split.
 */
async function sheetRows(file: Buffer): Promise<unknown[][]> {
  if (FORMAT === 'csv') {
    const text = file.toString('utf8').replace(/^\uFEFF/, '');
    return Papa.parse<string[]>(text, { delimiter: ';', skipEmptyLines: true }).data;
  }
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** An exported list in files of at most IMPORT_MAX_ROWS rows, each with the header: as a user splits it. */
async function splitExport(file: Buffer): Promise<Buffer[]> {
  const [header, ...rows] = await sheetRows(file);
  const parts: Buffer[] = [];
  for (let start = 0; start < rows.length; start += IMPORT_MAX_ROWS) {
    const part = [header!, ...rows.slice(start, start + IMPORT_MAX_ROWS)];
    if (FORMAT === 'csv') {
      parts.push(Buffer.from(`\uFEFF${Papa.unparse(part, { delimiter: ';', newline: '\r\n' })}\r\n`, 'utf8'));
      continue;
    }
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('1');
    for (const row of part) sheet.addRow(row);
    parts.push(Buffer.from(await book.xlsx.writeBuffer()));
  }
  return parts;
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${database}: ${label} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function importFile(ctx: TestContext, actor: Actor, kind: 'clients' | 'evaluations', file: Buffer) {
  const { payload, headers } = await multipartPayload(
    {},
    [{ name: `list.${file[0] === 0x50 ? 'xlsx' : 'csv'}`, data: file }],
    'file',
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/web/import/${kind}?dry_run=false&lang=es`,
    headers: { ...actor.headers, ...headers, 'accept-language': 'es' },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`import answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
  const answer = res.json<ImportResponse>();
  const failed = answer.rows.filter((r) => r.status === 'error').slice(0, 3);
  if (failed.length > 0) throw new Error(`rows refused: ${JSON.stringify(failed)}`);
  return answer.totals;
}

async function exportList(ctx: TestContext, actor: Actor, list: 'client-list' | 'evaluation-list') {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/web/${list}/export?format=${FORMAT}`,
    headers: { ...actor.headers, 'accept-language': 'es' },
  });
  if (res.statusCode !== 200) throw new Error(`export answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
  return res.rawPayload;
}

/** The rows of two exports compared as sorted lines: the differences, at most a few. */
async function compare(label: string, first: Buffer, again: Buffer) {
  const [[headerA, ...a], [headerB, ...b]] = await Promise.all([sheetRows(first), sheetRows(again)]);
  const lines = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();
  const [left, right] = [lines(a), lines(b)];
  const differing = left.flatMap((line, i) => (line === right[i] ? [] : [{ first: line, again: right[i] }]));
  const same =
    JSON.stringify(headerA) === JSON.stringify(headerB) && left.length === right.length && differing.length === 0;
  console.log(
    `${database}: ${label}: ${left.length} rows exported, ${right.length} exported again: ${same ? 'the same rows' : 'DIFFERENT'}`,
  );
  if (!same) {
    console.log(JSON.stringify(differing.slice(0, 3), null, 1));
    process.exitCode = 1;
  }
}

const source = await createTestApp();
// E-mails are unique in an installation: the new account lives in another one, as after a move.
const target = await createTestApp();
try {
  const owner = await loggedIn(source, { creditos: 0 });
  const newAccount = await loggedIn(target, { creditos: 0 });

  const evaluationFiles = evaluationCsvs();
  await timed(`source: ${CLIENTS} clients imported`, () => importFile(source, owner, 'clients', clientsCsv()));
  for (const [i, file] of evaluationFiles.entries())
    await timed(`source: evaluations imported, file ${i + 1} of ${evaluationFiles.length}`, () =>
      importFile(source, owner, 'evaluations', file),
    );

  const clientList = await timed(`source: client list exported (${FORMAT})`, () =>
    exportList(source, owner, 'client-list'),
  );
  const evaluationList = await timed(`source: evaluation list exported (${FORMAT})`, () =>
    exportList(source, owner, 'evaluation-list'),
  );

  for (const [i, part] of (await splitExport(clientList)).entries())
    await timed(`new account: client list imported, part ${i + 1}`, () =>
      importFile(target, newAccount, 'clients', part),
    );
  for (const [i, part] of (await splitExport(evaluationList)).entries())
    await timed(`new account: evaluation list imported, part ${i + 1}`, () =>
      importFile(target, newAccount, 'evaluations', part),
    );

  await compare('client list', clientList, await exportList(target, newAccount, 'client-list'));
  await compare('evaluation list', evaluationList, await exportList(target, newAccount, 'evaluation-list'));
} finally {
  await source.close();
  await target.close();
}

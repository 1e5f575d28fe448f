import type { ImportKind, Language } from '@medida/contracts';
import { loadExcelJS } from '../../lib/exceljs.ts';
import Papa from 'papaparse';
import { translate } from '../../lib/i18n.ts';
import { CHOICE_TEXTS, COLUMNS_OF, headerOf } from '../spreadsheets/spreadsheet-columns.ts';

/** One example row per kind, by column key; choices are written in the template's language. */
function exampleRow(kind: ImportKind, lang: Language): Record<string, string> {
  if (kind === 'clients')
    return {
      nombre: 'Ana',
      apellido: 'Pérez',
      email: 'ana.perez@example.com',
      rut: '12.345.678-5',
      telefono: '+56 9 1234 5678',
      nacimiento: '1990-03-14',
      sexo: CHOICE_TEXTS.sex.Femenino[lang],
      direccion: 'Av. Providencia 1234',
      pais: 'Chile',
      region: 'Región Metropolitana de Santiago',
      comuna: 'Santiago',
      consent: CHOICE_TEXTS.consent.written[lang],
    };
  const decimal = (n: string) => (lang === 'en' ? n : n.replace('.', ','));
  return {
    rut: '12.345.678-5',
    email: 'ana.perez@example.com',
    fecha: '2026-02-20',
    evaluation_type: CHOICE_TEXTS.method[1][lang],
    peso: decimal('72.5'),
    estatura: '168',
    presion_s: '122',
    presion_d: '78',
    pcintura: '84',
    pcadera: '100',
    pbrazo: '30',
    ppierna: '56',
    pgrasa: '28',
    temperatura: decimal('36.6'),
    fuma: CHOICE_TEXTS['yes-no'].No[lang],
    alcohol: CHOICE_TEXTS['yes-no'].No[lang],
    ejercita: CHOICE_TEXTS['yes-no'].Si[lang],
    hace: '4',
    frecentrena: '3',
  };
}

/** The list separator of a spreadsheet in `lang`'s locale: `;` where the decimal mark is a comma. */
const DELIMITER: Record<Language, string> = { es: ';', en: ',', pt: ';' };

/**
 * GET /web/import/template: the columns the import reads, headers in `lang` (units in brackets), and one example
 * row. A CSV starts with the byte order mark, so a spreadsheet opens it as UTF-8.
 */
export async function importTemplate(a: { kind: ImportKind; lang: Language; format: 'csv' | 'xlsx' }) {
  const columns = COLUMNS_OF[a.kind].filter((c) => !c.exportOnly);
  const headers = columns.map((c) => headerOf(c, a.lang));
  const example = exampleRow(a.kind, a.lang);
  const cells = columns.map((c) => example[c.key] ?? '');
  const fileName = `${translate(a.lang, `import.templateName.${a.kind}`)}.${a.format}`;
  if (a.format === 'csv') {
    const text = Papa.unparse([headers, cells], { delimiter: DELIMITER[a.lang], newline: '\r\n' });
    return { fileName, contentType: 'text/csv; charset=utf-8', body: Buffer.from(`\uFEFF${text}\r\n`, 'utf8') };
  }
  const workbook = new (await loadExcelJS()).Workbook();
  const sheet = workbook.addWorksheet(translate(a.lang, `import.templateName.${a.kind}`));
  sheet.addRow(headers).font = { bold: true };
  // Every cell as text: a spreadsheet keeps "12.345.678-5" and "72,5" as typed.
  sheet.addRow(cells).eachCell((cell) => (cell.numFmt = '@'));
  sheet.columns.forEach((column) => (column.width = 18));
  return {
    fileName,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}

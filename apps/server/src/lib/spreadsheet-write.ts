import { PassThrough, type Writable } from 'node:stream';
import { once } from 'node:events';
import type { Language, ListExportFormat } from '@medida/contracts';
import type ExcelJS from 'exceljs';
import { loadExcelJS } from './exceljs.ts';

/** The formats a list is written in (issue 35 item 5, decision 227). */
export type SpreadsheetFormat = ListExportFormat;

/** A cell: text, a number, a day (`YYYY-MM-DD`), or empty. */
export type Cell = { text: string } | { number: number; decimals?: number | undefined } | { day: string } | null;

export const CONTENT_TYPES: Record<SpreadsheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Excel opens a UTF-8 file as UTF-8 only when it starts with the byte order mark (accents stay accents). */
const BOM = '\uFEFF';

/**
 * Excel splits a CSV at its locale's list separator: `;` where the decimal separator is a comma (es, pt),
 * `,` in English. A file with the other one opens as a single column.
 */
const DELIMITER: Record<Language, string> = { es: ';', en: ',', pt: ';' };
const DECIMAL_MARK: Record<Language, string> = { es: ',', en: '.', pt: ',' };

/**
 * One CSV text cell: a text a spreadsheet would run as a formula (= + - @, or a tab or carriage return that some
 * read as a separator before one) gets a leading `'` (OWASP "CSV injection"); quotes when it holds the
 * delimiter, a quote or a line break.
 */
export function csvCell(value: string, delimiter: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(delimiter) || /["\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A number as the reader's spreadsheet types it: its decimal mark, no thousands separator, rounded if asked. */
function csvNumber(value: number, lang: Language, decimals?: number): string {
  const text = decimals === undefined ? String(value) : value.toFixed(decimals);
  return text.replace('.', DECIMAL_MARK[lang]);
}

function csvLine(cells: readonly Cell[], lang: Language): string {
  const delimiter = DELIMITER[lang];
  return cells
    .map((cell) => {
      if (cell === null) return '';
      if ('text' in cell) return csvCell(cell.text, delimiter);
      if ('number' in cell) return csvNumber(cell.number, lang, cell.decimals);
      // ISO: a spreadsheet reads it as a date in every locale.
      return cell.day;
    })
    .join(delimiter);
}

/** XLSX number formats: the decimals of a rounded result, General for a value as entered. */
const numberFormat = (decimals: number | undefined) =>
  decimals === undefined ? 'General' : decimals === 0 ? '0' : `0.${'0'.repeat(decimals)}`;
const DAY_FORMAT = 'yyyy-mm-dd';

/** A day as the date Excel stores (its serial counts UTC days). */
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

function xlsxCell(cell: Cell): Partial<ExcelJS.Cell> | null {
  if (cell === null) return null;
  // A text is a string cell whatever it starts with: only `{ formula }` makes a formula in exceljs.
  if ('text' in cell) return { value: cell.text };
  if ('number' in cell) return { value: cell.number, numFmt: numberFormat(cell.decimals) };
  return { value: dateOf(cell.day), numFmt: DAY_FORMAT };
}

async function writeCsv(out: Writable, lang: Language, header: readonly string[], rows: AsyncIterable<Cell[]>) {
  const write = async (text: string) => {
    if (!out.write(text, 'utf8')) await once(out, 'drain');
  };
  // RFC 4180: CRLF between records, one after the last.
  await write(
    `${BOM}${csvLine(
      header.map((text) => ({ text })),
      lang,
    )}\r\n`,
  );
  for await (const row of rows) await write(`${csvLine(row, lang)}\r\n`);
  out.end();
}

async function writeXlsx(out: Writable, sheetName: string, header: readonly string[], rows: AsyncIterable<Cell[]>) {
  // Streaming: each committed row leaves memory; no shared-strings table (it would hold every text until the end).
  const workbook = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = header.map((name) => ({ width: Math.min(40, Math.max(10, name.length + 2)) }));
  const head = sheet.addRow(header.map((name) => name));
  head.font = { bold: true };
  head.commit();
  for await (const cells of rows) {
    const row = sheet.addRow([]);
    cells.forEach((cell, i) => {
      const value = xlsxCell(cell);
      if (!value) return;
      const target = row.getCell(i + 1);
      target.value = value.value ?? null;
      if (value.numFmt) target.numFmt = value.numFmt;
    });
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * A list as a CSV or XLSX stream, written while `rows` are read (a page at a time): the header in the reader's
 * language, then one line per row. CSV: UTF-8 with BOM, the language's delimiter and decimal mark, formula-safe
 * text. XLSX: numbers and days as numeric and date cells with a number format, text always as a string cell.
 * A failure while writing ends the stream with the error (the answer is cut short, never a well-formed half file).
 */
export function spreadsheetStream(a: {
  format: SpreadsheetFormat;
  lang: Language;
  sheetName: string;
  header: readonly string[];
  rows: AsyncIterable<Cell[]>;
}): PassThrough {
  const out = new PassThrough();
  const written =
    a.format === 'csv' ? writeCsv(out, a.lang, a.header, a.rows) : writeXlsx(out, a.sheetName, a.header, a.rows);
  written.catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

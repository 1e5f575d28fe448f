import type ExcelJS from 'exceljs';
import { loadExcelJS } from '../../lib/exceljs.ts';
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import Papa from 'papaparse';
import { AppError } from '../../lib/app-error.ts';
import { ErrorCode } from '@medida/contracts';

/**
 * A CSV or XLSX upload as a table of text cells (decision 228), with the limits that keep a hostile file from
 * costing more than a real one: rows, cell length, and an XLSX's unpacked size and entries, checked before the
 * workbook is parsed.
 */

/** Data rows one file may hold (the header row not counted). */
export const IMPORT_MAX_ROWS = 10_000;
/** A cell longer than any field the forms accept is refused at its cell. */
export const IMPORT_MAX_CELL = 1_000;
/** An XLSX unpacks to at most this much, in at most this many entries: a zip bomb is refused while it unpacks. */
const XLSX_MAX_UNPACKED = 100 * 1024 * 1024;
const XLSX_MAX_ENTRIES = 500;
/** Compressed bytes handed to the inflater at a time: one push can unpack only so much. */
const UNZIP_SLICE = 16 * 1024;

export interface ImportTable {
  format: 'csv' | 'xlsx';
  headers: string[];
  /** Each data row's cells, in the headers' order ('' for an empty cell). */
  rows: string[][];
}

/** The whole file is refused: the message names what is wrong (its texts state the limits). */
const fileError = (key: string) => new AppError(422, ErrorCode.validation, key, { fields: { file: [key] } });

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

export async function readImportFile(bytes: Buffer): Promise<ImportTable> {
  if (bytes.length === 0) throw fileError('import.errors.empty');
  const table = isZip(bytes) ? await readXlsx(bytes) : readCsv(decodeText(bytes));
  // Trailing empty cells of a row and wholly empty rows are a spreadsheet's leftovers, not data.
  const rows = table.rows.filter((row) => row.some((cell) => cell.trim() !== ''));
  if (table.headers.every((h) => h.trim() === '')) throw fileError('import.errors.noHeader');
  if (rows.length > IMPORT_MAX_ROWS) throw fileError('import.errors.tooManyRows');
  return { ...table, rows: rows.map((row) => table.headers.map((_, i) => row[i] ?? '')) };
}

/**
 * UTF-8 (with or without its byte order mark) or UTF-16 with its mark, as spreadsheets save "CSV UTF-8" and
 * "Unicode text". Any other encoding is refused with a clear message rather than guessed: a wrong guess would
 * store misspelt names (decision 228).
 */
function decodeText(bytes: Buffer): string {
  const text = (() => {
    try {
      if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le', { fatal: true }).decode(bytes);
      if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be', { fatal: true }).decode(bytes);
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw fileError('import.errors.encoding');
    }
  })();
  // TextDecoder drops the UTF-8 mark but a NUL means a binary file or an unmarked UTF-16 one.
  if (text.includes('\u0000')) throw fileError('import.errors.encoding');
  return text.replace(/^\uFEFF/, '');
}

function readCsv(text: string): ImportTable {
  const parsed = Papa.parse<string[]>(text, {
    // The list separator of the writer's locale: `;` where the decimal mark is a comma (es, pt), `,` in English.
    delimitersToGuess: [';', ',', '\t', '|'],
    skipEmptyLines: 'greedy',
    // One row more than allowed is enough to know the file is too long.
    preview: IMPORT_MAX_ROWS + 2,
  });
  const fatal = parsed.errors.find((e) => e.type === 'Quotes');
  if (fatal) throw fileError('import.errors.csv');
  const [headers = [], ...rows] = parsed.data;
  return { format: 'csv', headers: headers.map((h) => h.trim()), rows };
}

/** Unpacks every entry, counting, before ExcelJS sees the file; stops as soon as a limit is passed. */
function checkZip(bytes: Buffer) {
  let entries = 0;
  let unpacked = 0;
  let declared = 0;
  let refused = false;
  const unzip = new Unzip((file) => {
    entries += 1;
    // What the headers declare refuses most bombs at once; the count below catches the ones that lie.
    declared += file.originalSize ?? 0;
    if (entries > XLSX_MAX_ENTRIES || declared > XLSX_MAX_UNPACKED) refused = true;
    file.ondata = (error, chunk) => {
      if (error) refused = true;
      unpacked += chunk?.length ?? 0;
      if (unpacked > XLSX_MAX_UNPACKED) refused = true;
      if (refused) file.terminate();
    };
    if (!refused) file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    for (let at = 0; at < bytes.length && !refused; at += UNZIP_SLICE)
      unzip.push(bytes.subarray(at, at + UNZIP_SLICE), at + UNZIP_SLICE >= bytes.length);
  } catch {
    throw fileError('import.errors.xlsx');
  }
  if (refused) throw fileError('import.errors.xlsxTooLarge');
}

async function readXlsx(bytes: Buffer): Promise<ImportTable> {
  checkZip(bytes);
  const workbook = new (await loadExcelJS()).Workbook();
  try {
    // An ArrayBuffer of exactly the file: exceljs types its input as one.
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer);
  } catch {
    throw fileError('import.errors.xlsx');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fileError('import.errors.empty');
  if (sheet.rowCount > IMPORT_MAX_ROWS + 1 + 1000) throw fileError('import.errors.tooManyRows');
  const width = Math.min(sheet.columnCount, 200);
  const textRows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value));
    textRows.push(cells);
  });
  const [headers = [], ...rows] = textRows;
  return { format: 'xlsx', headers: headers.map((h) => h.trim()), rows };
}

/**
 * A cell as text: numbers with a point, dates as ISO days, rich text joined. A formula is never evaluated: its
 * text (`=…`) is what the import sees, and a formula in a read column is refused at its cell.
 */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('formula' in value || 'sharedFormula' in value) {
    const formula = 'formula' in value ? value.formula : value.sharedFormula;
    return `=${String(formula)}`;
  }
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return typeof value.text === 'string' ? value.text : '';
  if ('error' in value) return String(value.error);
  return '';
}

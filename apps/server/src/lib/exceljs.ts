import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/**
 * ExcelJS, loaded on the first spreadsheet read or written: a quarter of a second of the main thread's start-up
 * for a module most starts never use (issue 33 item 6).
 */
export function loadExcelJS(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}

import { onFirstUse } from './on-first-use.ts';

/** ExcelJS, loaded on the first spreadsheet read or written: a quarter of a second of start-up (decision 242). */
export const loadExcelJS = onFirstUse(() => import('exceljs').then((module) => module.default));

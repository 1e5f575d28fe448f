import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { CLIENT_COLUMNS, EVALUATION_COLUMNS } from '../spreadsheets/spreadsheet-columns.ts';
import {
  mapHeaders,
  parseDecimal,
  readConsent,
  readDate,
  readInteger,
  readMeasure,
  readMethod,
  readSex,
  readText,
  readYesNo,
  splitHeader,
} from './import-cells.ts';
import { readImportFile } from './import-file.ts';

const column = (key: string) => EVALUATION_COLUMNS.find((c) => c.key === key)!;

describe('headers', () => {
  it('are matched in any language, without accents, case or a unit in brackets', () => {
    const mapped = mapHeaders(
      ['CORREO ELECTRONICO', 'Surname', 'data de nascimento', 'Weight (lb)', 'Height [in]', 'Notas', 'nombre'],
      [...CLIENT_COLUMNS, ...EVALUATION_COLUMNS.filter((c) => c.type === 'number')],
      { Surname: 'apellido' },
    );
    expect(mapped.map((c) => [c.key, c.unit])).toEqual([
      ['email', undefined],
      ['apellido', undefined],
      ['nacimiento', undefined],
      ['peso', 'lb'],
      ['estatura', 'in'],
      [null, undefined],
      ['nombre', undefined],
    ]);
  });

  it('keep a bracket that is not a unit in the name, and a column the user ignores stays ignored', () => {
    expect(splitHeader('Entrena hace (1–6)')).toEqual({ name: 'entrena hace 1 6', unit: undefined });
    expect(mapHeaders(['Nombre', 'Nombre'], CLIENT_COLUMNS).map((c) => c.key)).toEqual(['nombre', null]);
    expect(mapHeaders(['Nombre'], CLIENT_COLUMNS, { Nombre: null })[0]!.key).toBeNull();
  });
});

describe('numbers and units', () => {
  it('read a decimal comma or point, with or without thousands separators', () => {
    expect(['72,5', '72.5', ' 72.50 ', '1.234,5', '1,234.5', '1.234.567', '-3,5'].map(parseDecimal)).toEqual([
      72.5, 72.5, 72.5, 1234.5, 1234.5, 1234567, -3.5,
    ]);
    expect(['', 'abc', '1,2,3.4.5', '1e3', '--1', '.'].map(parseDecimal)).toEqual([null, null, null, null, null, null]);
  });

  it('convert lb to kg and in to cm from the header or the cell, and refuse a unit that does not fit', () => {
    expect(readMeasure('160', column('peso'), 'lb')).toEqual({ ok: true, value: 72.57 });
    expect(readMeasure('66 in', column('estatura'))).toEqual({ ok: true, value: 167.64 });
    expect(readMeasure('72,5 kg', column('peso'))).toEqual({ ok: true, value: 72.5 });
    expect(readMeasure('160 cm', column('peso'))).toEqual({ ok: false, error: 'import.errors.unit' });
    expect(readMeasure('many', column('peso'))).toEqual({ ok: false, error: 'import.errors.number' });
    expect(readInteger('3,0')).toEqual({ ok: true, value: 3 });
    expect(readInteger('3,5')).toEqual({ ok: false, error: 'import.errors.integer' });
  });
});

describe('dates', () => {
  it('read ISO always, day-first in es and pt, month-first in en, and refuse a day that does not exist', () => {
    expect(readDate('1990-03-14', 'en')).toEqual({ ok: true, value: '1990-03-14' });
    expect(readDate('14/03/1990', 'es')).toEqual({ ok: true, value: '1990-03-14' });
    expect(readDate('14.03.1990', 'pt')).toEqual({ ok: true, value: '1990-03-14' });
    expect(readDate('03/14/1990', 'en')).toEqual({ ok: true, value: '1990-03-14' });
    expect(readDate('03/14/1990', 'es')).toEqual({ ok: false, error: 'import.errors.date' });
    expect(readDate('31/02/1990', 'es')).toEqual({ ok: false, error: 'import.errors.date' });
    expect(readDate('1990-02-30', 'es')).toEqual({ ok: false, error: 'import.errors.date' });
  });
});

describe('choices and text', () => {
  it('read sex, yes/no, method and consent in every language', () => {
    expect(['Female', 'feminino', 'M', 'Masculino'].map((s) => readSex(s))).toEqual([
      { ok: true, value: 'Femenino' },
      { ok: true, value: 'Femenino' },
      { ok: true, value: 'Masculino' },
      { ok: true, value: 'Masculino' },
    ]);
    expect(['Sí', 'sim', 'Yes', 'Não', 'no'].map((s) => readYesNo(s).ok && readYesNo(s))).toEqual(
      ['Si', 'Si', 'Si', 'No', 'No'].map((value) => ({ ok: true, value })),
    );
    expect(readMethod('Cuatro pliegues')).toEqual({ ok: true, value: 4 });
    expect(readMethod('2')).toEqual({ ok: true, value: 2 });
    expect(readMethod('5')).toEqual({ ok: false, error: 'import.errors.method' });
    expect(readConsent('Sim')).toEqual({ ok: true, value: 'written' });
    expect(readConsent('Verbal')).toEqual({ ok: true, value: 'verbal' });
  });

  it('refuses formulas, keeps phones and signed numbers, and undoes the export escape', () => {
    expect(readText('=HYPERLINK("x")')).toEqual({ ok: false, error: 'import.errors.formula' });
    expect(readText('@SUM(A1)')).toEqual({ ok: false, error: 'import.errors.formula' });
    expect(readText('-2+3*cmd')).toEqual({ ok: false, error: 'import.errors.formula' });
    expect(readText('+56 9 1234 5678')).toEqual({ ok: true, value: '+56 9 1234 5678' });
    expect(readText("'=Ana")).toEqual({ ok: true, value: '=Ana' });
  });
});

describe('reading a file', () => {
  it('guesses the delimiter, drops the BOM and empty rows, and reads UTF-16 with its mark', async () => {
    const semicolon = await readImportFile(Buffer.from('\uFEFFNombre;Peso\r\nAna;72,5\r\n;\r\n\r\n', 'utf8'));
    expect(semicolon).toEqual({ format: 'csv', headers: ['Nombre', 'Peso'], rows: [['Ana', '72,5']] });
    const comma = await readImportFile(Buffer.from('Name,Weight\n"Pérez, Ana",72.5\n', 'utf8'));
    expect(comma.rows).toEqual([['Pérez, Ana', '72.5']]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Nombre;Peso\r\nJosé;70\r\n', 'utf16le')]);
    expect((await readImportFile(utf16)).rows).toEqual([['José', '70']]);
  });

  it('never fails with anything but a clear refusal, whatever the bytes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 400 }),
          fc.string({ unit: 'binary', maxLength: 400 }).map((s) => new TextEncoder().encode(s)),
          fc.uint8Array({ maxLength: 200 }).map((b) => new Uint8Array([0x50, 0x4b, 3, 4, ...b])),
        ),
        async (bytes) => {
          try {
            const table = await readImportFile(Buffer.from(bytes));
            for (const row of table.rows) expect(row).toHaveLength(table.headers.length);
          } catch (error) {
            expect(error).toBeInstanceOf(AppError);
          }
        },
      ),
      { numRuns: 100, seed: 20261130 },
    );
  }, 30_000);
});

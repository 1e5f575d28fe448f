import { describe, expect, it } from 'vitest';
import { correctedCsv } from './import-csv.ts';

describe('correctedCsv', () => {
  it('writes UTF-8 with its mark, every cell quoted, quotes doubled, CRLF rows', async () => {
    const blob = correctedCsv(['Nombre', 'Nota'], [['Ana "Anita"', 'a;b\nc']]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer());
    expect(text).toBe('\uFEFF"Nombre";"Nota"\r\n"Ana ""Anita""";"a;b\nc"\r\n');
  });
});

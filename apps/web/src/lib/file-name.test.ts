import { describe, expect, it } from 'vitest';
import { fileStem } from './file-name.ts';

describe('fileStem', () => {
  it('drops accents, lowers the case and joins the words with one hyphen', () => {
    expect(fileStem('María José Núñez')).toBe('maria-jose-nunez');
    expect(fileStem("  João D'Ávila  ")).toBe('joao-d-avila');
    expect(fileStem('Ana / Pérez: 2º')).toBe('ana-perez-2o');
  });

  it('is empty when no letter or digit of the Latin alphabet is left', () => {
    expect(fileStem('李小龙')).toBe('');
    expect(fileStem(' - ')).toBe('');
  });
});

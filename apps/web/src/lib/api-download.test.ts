import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './api.ts';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name', () => {
    expect(fileNameFromDisposition(`attachment; filename="informe_.pdf"; filename*=UTF-8''informe%C3%B1.pdf`)).toBe(
      'informeñ.pdf',
    );
  });

  it('falls back to the plain name, and to nothing', () => {
    expect(fileNameFromDisposition('attachment; filename="scan.png"')).toBe('scan.png');
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });
});

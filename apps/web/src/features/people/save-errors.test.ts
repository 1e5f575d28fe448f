import { describe, expect, it } from 'vitest';
import { splitFieldErrors, toFormPath } from './save-errors.ts';

describe('422 field errors in the person forms', () => {
  it('maps files_info entries onto the attachment rows', () => {
    expect(toFormPath('files_info.1.title')).toBe('attachments.1.title');
    expect(toFormPath('email')).toBe('email');
  });

  it('keeps the first message per field and routes unknown fields to the toast', () => {
    const result = splitFieldErrors(
      { email: ['Ya existe', 'otra'], files_info: ['Faltan títulos'], lang: ['Idioma'] },
      ['email', 'attachments'],
    );
    expect(result.form).toEqual({ email: 'Ya existe' });
    expect(result.other).toEqual(['Faltan títulos', 'Idioma']);
  });
});

import type { SelectProps } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { countryOptions } from '../lib/countries.ts';
import { sameShown } from './memo-select.tsx';

const COUNTRIES = [
  { id: 1, iso2: 'cl', name: 'Chile', phonecode: '56' },
  { id: 2, iso2: 'br', name: 'Brazil', phonecode: '55' },
  { id: 3, iso2: 'de', name: 'Germany', phonecode: '49' },
];

describe('MemoSelect', () => {
  const shown: SelectProps<string> = { label: 'País', data: [{ value: '1', label: 'Chile' }], value: '1' };

  it('skips the render when only its handlers are new, as a form gives them on every key', () => {
    expect(sameShown({ ...shown, onChange: () => 1, onBlur: () => 1 }, { ...shown, onChange: () => 2 })).toBe(true);
  });

  it('renders again when its value, error, options or label change', () => {
    expect(sameShown(shown, { ...shown, value: '2' })).toBe(false);
    expect(sameShown(shown, { ...shown, error: 'Requerido' })).toBe(false);
    expect(sameShown(shown, { ...shown, data: [{ value: '1', label: 'Chile' }] })).toBe(false);
    expect(sameShown(shown, { ...shown, label: 'Country' })).toBe(false);
  });
});

describe('countryOptions', () => {
  it('gives the same options for the same list and language, so a MemoSelect of countries skips the render', () => {
    expect(countryOptions(COUNTRIES, 'es')).toBe(countryOptions(COUNTRIES, 'es'));
    expect(countryOptions(COUNTRIES, 'es').map((o) => o.label)).toEqual(['Alemania', 'Brasil', 'Chile']);
    expect(countryOptions(COUNTRIES, 'en').map((o) => o.label)).toEqual(['Brazil', 'Chile', 'Germany']);
    expect(countryOptions([...COUNTRIES], 'es')).not.toBe(countryOptions(COUNTRIES, 'es'));
  });
});

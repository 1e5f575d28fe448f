import { describe, expect, it } from 'vitest';
import { countryOptions, localizedCountryName } from './countries.ts';

describe('country names in the interface language (issue 14)', () => {
  it('names a country from its ISO code in each language', () => {
    const brazil = { iso2: 'BR', name: 'Brazil' };
    expect(localizedCountryName(brazil, 'es')).toBe('Brasil');
    expect(localizedCountryName(brazil, 'pt')).toBe('Brasil');
    expect(localizedCountryName(brazil, 'en')).toBe('Brazil');
    expect(localizedCountryName({ iso2: 'US', name: 'United States' }, 'es')).toBe('Estados Unidos');
    expect(localizedCountryName({ iso2: 'US', name: 'United States' }, 'pt')).toBe('Estados Unidos');
  });

  it('falls back to the stored name for a code the runtime does not know, and sorts in the language', () => {
    expect(localizedCountryName({ iso2: 'Q1', name: 'Somewhere' }, 'es')).toBe('Somewhere');
    const options = countryOptions(
      [
        { id: 1, iso2: 'DE', name: 'Germany', phonecode: '49' },
        { id: 2, iso2: 'AR', name: 'Argentina', phonecode: '54' },
        { id: 3, iso2: 'CL', name: 'Chile', phonecode: '56' },
      ],
      'es',
    );
    expect(options.map((o) => o.label)).toEqual(['Alemania', 'Argentina', 'Chile']);
  });
});

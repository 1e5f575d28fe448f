import { Country } from 'country-state-city';

export interface CountrySeedRow {
  id: number;
  name: string;
  phonecode: string;
  iso2: string;
}

/**
 * Countries from the pinned `country-state-city` dataset. Ids are the 1-based position in the
 * dataset's alphabetical order at the pinned version; once inserted they never change (later
 * dataset updates arrive through new migrations that add rows, never renumber).
 */
export function countrySeedRows(): CountrySeedRow[] {
  return Country.getAllCountries().map((country, index) => ({
    id: index + 1,
    name: country.name,
    // The dataset writes some codes as '+358-18'; keep digits and the hyphen only.
    phonecode: country.phonecode.replace(/^\+/, ''),
    iso2: country.isoCode,
  }));
}

import { useQuery } from '@tanstack/react-query';
import { countriesResponseSchema, type Country } from '@medida/contracts';
import { displayNames } from '@medida/domain';
import { apiRequest } from './api.ts';

// The country list, shared by registration (public) and the people forms: one call, one cache entry.

const countryKeys = {
  all: ['countries'] as const,
};

/** GET /web/countries is public, so a 401 here never ends the session. */
const fetchCountries = (signal?: AbortSignal) =>
  apiRequest('/web/countries', { schema: countriesResponseSchema, signal, endsSessionOnAuthError: false });

/** Reference data hardly changes: fetched once per session. */
export function useCountries() {
  return useQuery({
    queryKey: countryKeys.all,
    queryFn: ({ signal }) => fetchCountries(signal),
    staleTime: Infinity,
    gcTime: 60 * 60_000,
  });
}

/**
 * A country's name in the interface language ("Brasil", "Estados Unidos" in Spanish), from its ISO code
 * with Intl.DisplayNames; the dataset's (English) name where the runtime has no name for the code.
 */
export function localizedCountryName(country: Pick<Country, 'iso2' | 'name'>, lang: string): string {
  try {
    const name = displayNames([lang], { type: 'region' }).of(country.iso2.toUpperCase());
    return name && name.toUpperCase() !== country.iso2.toUpperCase() ? name : country.name;
  } catch {
    return country.name;
  }
}

type CountryOption = { value: string; label: string };

/** The options made for each fetched list and language: the same list keeps its identity from render to render. */
const optionsMade = new WeakMap<readonly Country[], Map<string, CountryOption[]>>();

/**
 * Select options for the country list, named and sorted in the interface language. Made once per list and language:
 * a person form renders on every key, and naming and sorting 250 countries took a millisecond or more each time.
 */
export function countryOptions(countries: readonly Country[], lang: string): CountryOption[] {
  const byLanguage = optionsMade.get(countries) ?? new Map<string, CountryOption[]>();
  optionsMade.set(countries, byLanguage);
  const made =
    byLanguage.get(lang) ??
    countries
      .map((c) => ({ value: String(c.id), label: localizedCountryName(c, lang) }))
      .sort((a, b) => a.label.localeCompare(b.label, lang));
  byLanguage.set(lang, made);
  return made;
}

/** The localized name of a stored country, matched by the dataset's name (what user records carry). */
export function useCountryName(): (storedName: string | null | undefined, lang: string) => string | null {
  const countries = useCountries();
  return (storedName, lang) => {
    if (!storedName) return null;
    const country = countries.data?.countries.find((c) => c.name === storedName);
    return country ? localizedCountryName(country, lang) : storedName;
  };
}

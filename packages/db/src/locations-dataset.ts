import { City, Country, State } from 'country-state-city';

export interface StateSeedRow {
  id: number;
  country_id: number;
  name: string;
  iso_code: string;
}

export interface CitySeedRow {
  id: number;
  state_id: number;
  name: string;
}

/**
 * States and cities from the pinned `country-state-city` dataset (the same one as the countries).
 * Ids are the 1-based position in the dataset's own order at the pinned version, like countries:
 * stable once inserted, whichever subset a migration chooses to insert.
 */
export function stateSeedRows(): StateSeedRow[] {
  const countryIds = new Map(Country.getAllCountries().map((c, index) => [c.isoCode, index + 1]));
  return State.getAllStates().map((state, index) => {
    const countryId = countryIds.get(state.countryCode);
    if (countryId === undefined)
      throw new Error(`Dataset state ${state.name} has unknown country ${state.countryCode}`);
    return { id: index + 1, country_id: countryId, name: state.name, iso_code: state.isoCode };
  });
}

/** Cities (the spec's comunas) of the given countries (ISO 3166-1 alpha-2), or of every country. */
export function citySeedRows(countries?: readonly string[]): CitySeedRow[] {
  const stateIds = new Map(State.getAllStates().map((s, index) => [`${s.countryCode}|${s.isoCode}`, index + 1]));
  const wanted = countries ? new Set(countries) : undefined;
  const rows: CitySeedRow[] = [];
  City.getAllCities().forEach((city, index) => {
    if (wanted && !wanted.has(city.countryCode)) return;
    const stateId = stateIds.get(`${city.countryCode}|${city.stateCode}`);
    if (stateId === undefined)
      throw new Error(`Dataset city ${city.name} has unknown state ${city.countryCode}-${city.stateCode}`);
    rows.push({ id: index + 1, state_id: stateId, name: city.name });
  });
  return rows;
}

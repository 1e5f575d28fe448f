import type { Database, Kysely } from '@medida/db';
import { displayNames } from '@medida/domain';
import { createCountriesService } from '../countries/countries.service.ts';
import { createLocationsService } from '../locations/locations.service.ts';
import { normaliseText, type CellResult } from './import-cells.ts';

/**
 * Countries, regions and cities by name for one import: the stored (English) name, the country's name in es, en
 * and pt (Intl) or its ISO code, a region's ISO code. Each list is read once per import and kept.
 */
export function createPlaceResolver(db: Kysely<Database>) {
  const countries = createCountriesService(db);
  const locations = createLocationsService(db);
  let countryIndex: Promise<Map<string, number>> | undefined;
  const states = new Map<number, Promise<Map<string, number>>>();
  const cities = new Map<number, Promise<Map<string, number>>>();
  const names = ['es', 'en', 'pt'].map((lang) => displayNames([lang], { type: 'region' }));

  const indexOf = (rows: { id: number; names: string[] }[]) => {
    const index = new Map<string, number>();
    for (const row of rows)
      for (const name of row.names) if (name && !index.has(normaliseText(name))) index.set(normaliseText(name), row.id);
    return index;
  };

  async function find(index: Promise<Map<string, number>>, raw: string, error: string): Promise<CellResult<number>> {
    const id = (await index).get(normaliseText(raw));
    return id === undefined ? { ok: false, error } : { ok: true, value: id };
  }

  return {
    country(raw: string) {
      countryIndex ??= countries.list().then((rows) =>
        indexOf(
          rows.map((c) => ({
            id: c.id,
            names: [
              c.name,
              c.iso2,
              ...names.map((n) => {
                try {
                  return n.of(c.iso2) ?? '';
                } catch {
                  return '';
                }
              }),
            ],
          })),
        ),
      );
      return find(countryIndex, raw, 'validation.country');
    },
    region(countryId: number, raw: string) {
      let index = states.get(countryId);
      if (!index) {
        index = locations.statesOf(countryId).then((rows) => indexOf(rows.map((s) => ({ id: s.id, names: [s.name] }))));
        states.set(countryId, index);
      }
      return find(index, raw, 'validation.region');
    },
    city(stateId: number, raw: string) {
      let index = cities.get(stateId);
      if (!index) {
        index = locations.citiesOf(stateId).then((rows) => indexOf(rows.map((c) => ({ id: c.id, names: [c.name] }))));
        cities.set(stateId, index);
      }
      return find(index, raw, 'validation.comuna');
    },
  };
}

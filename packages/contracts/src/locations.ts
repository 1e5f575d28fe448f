import { z } from 'zod';
import { queryIdSchema } from './common.ts';

// GET /web/countries (public: the registration page needs it)
export const countrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phonecode: z.string(),
  iso2: z.string(),
});
export const countriesResponseSchema = z.object({ countries: z.array(countrySchema) });
export type Country = z.infer<typeof countrySchema>;

// GET /web/states?country_id= and GET /web/cities?state_id= (cities are the comunas)
export const statesQuerySchema = z.strictObject({ country_id: queryIdSchema });
export const stateSchema = z.object({ id: z.number().int(), name: z.string(), country_id: z.number().int() });
export const statesResponseSchema = z.object({ states: z.array(stateSchema) });
export const citiesQuerySchema = z.strictObject({ state_id: queryIdSchema });
export const citySchema = z.object({ id: z.number().int(), name: z.string(), state_id: z.number().int() });
export const citiesResponseSchema = z.object({ cities: z.array(citySchema) });

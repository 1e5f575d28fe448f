import { z } from 'zod';

// GET /web/countries (public: the registration page needs it)
export const countrySchema = z.object({ id: z.number().int(), name: z.string(), phonecode: z.string(), iso2: z.string() });
export const countriesResponseSchema = z.object({ countries: z.array(countrySchema) });
export type Country = z.infer<typeof countrySchema>;

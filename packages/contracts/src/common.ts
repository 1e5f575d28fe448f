import { z } from 'zod';

export const LANGUAGES = ['es', 'en', 'pt'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

/** User types of the spec (§3, §6): 1 = professional (network professional / evaluator), 2 = client. */
export const USER_TYPE = { professional: 1, client: 2 } as const;
export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];
export const userTypeSchema = z.union([z.literal(USER_TYPE.professional), z.literal(USER_TYPE.client)]);

export const SEXES = ['Femenino', 'Masculino'] as const;
export const sexoSchema = z.enum(SEXES);

/** Password policy (security.md R01 / §4.1): 8 to 256 characters, checked exactly as typed. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, { error: 'validation.passwordTooShort' })
  .max(PASSWORD_MAX, { error: 'validation.passwordTooLong' });

export const emailSchema = z
  .string()
  .trim()
  .max(254, { error: 'validation.email' })
  .pipe(z.email({ error: 'validation.email' }));

/** Calendar date as the spec writes it (YYYY-MM-DD). */
export const isoDateSchema = z.iso.date({ error: 'validation.date' });

export const idSchema = z.coerce
  .number({ error: 'validation.id' })
  .int({ error: 'validation.id' })
  .positive({ error: 'validation.id' });

/**
 * The personal fields every profile answer carries (datosusuario and the people screens), as stored:
 * nullable where a registration may leave them empty. `img_url` is '' for the default image.
 */
export const personProfileFields = {
  nombre: z.string(),
  apellido: z.string(),
  email: z.string(),
  telefono: z.string().nullable(),
  nacimiento: z.string().nullable(),
  sexo: sexoSchema.nullable(),
  img_url: z.string(),
  direccion: z.string().nullable(),
  pais_id: z.number().int().nullable(),
  region_id: z.number().int().nullable(),
  comuna_id: z.number().int().nullable(),
  rut: z.string().nullable(),
  especialidad: z.string().nullable(),
  empresa: z.string().nullable(),
};

import { MAX_AGE_YEARS, MIN_AGE_YEARS } from '@medida/domain';
import { z } from 'zod';
import { EMAIL_MAX, EMAIL_PATTERN, LANGUAGES, USER_TYPE } from './constants.ts';

export { LANGUAGES, USER_TYPE, type Language, type UserType } from './constants.ts';
export const languageSchema = z.enum(LANGUAGES);
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
  .max(EMAIL_MAX, { error: 'validation.email' })
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: 'validation.email' }))
  // The document shows the input side of a pipe (the trimmed text): it names the format the output enforces.
  .meta({ format: 'email', pattern: EMAIL_PATTERN.source });

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL. PostgreSQL refuses NUL in
 * text, and none of them belongs in a name, a search or a note (issue 10 item 6).
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Calendar date as the spec writes it (YYYY-MM-DD). */
export const isoDateSchema = z.iso.date({ error: 'validation.date' });
/** A person's birth date: the age rule needs today's date, so the server checks it (people, registration). */
export const birthDateSchema = isoDateSchema.describe(
  `Age ${MIN_AGE_YEARS} to ${MAX_AGE_YEARS} at today's date (checked by the server)`,
);

/** PostgreSQL `integer`: ids and counts beyond it are refused, not wrapped. */
export const INT4_MAX = 2_147_483_647;

/** An id in a JSON body: a JSON integer only (`"5"`, `"0x5"`, `[5]`, `true` are refused; issue 10 item 10). */
export const idSchema = z
  .number({ error: 'validation.id' })
  .int({ error: 'validation.id' })
  .positive({ error: 'validation.id' })
  .max(INT4_MAX, { error: 'validation.id' });

/**
 * How the OpenAPI document shows a whole number sent as text: an integer with the bounds the server enforces
 * (zod documents a pipe by its input, the digits pattern, which has no bounds; decision 178).
 */
export const documentedInteger = (minimum: number, maximum = INT4_MAX) => ({
  type: 'integer',
  minimum,
  maximum,
  pattern: undefined,
});

/** A whole number in a query string, path or multipart text part: decimal digits only, nothing else. */
export const digitsSchema = (error = 'validation.invalid') =>
  z
    .string({ error })
    .regex(/^\d{1,10}$/, { error })
    .transform(Number)
    .pipe(z.number().max(INT4_MAX, { error }))
    .meta(documentedInteger(0));

/** An id in a query string or a path. */
export const queryIdSchema = digitsSchema('validation.id').pipe(idSchema).meta(documentedInteger(1));

/** A fixed user type in a query string (`type=2`). */
export const queryLiteralSchema = <T extends number>(value: T) =>
  z.literal(String(value), { error: 'validation.invalid' }).transform(() => value);

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

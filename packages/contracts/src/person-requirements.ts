import { nationalIdKind } from './national-id.ts';

/**
 * Which person fields a form must have filled, by whose record it is and the country (issue 30, decision 185).
 * One rule for the web forms and the server: the form marks and checks exactly what the server refuses.
 *
 * - `self`: one's own profile asks only what sign-up asked (name, last name, birth date, sex), so language
 *   and units save alone; the rest may be added later and is checked only when given.
 * - `client`, `network`: a managed person has every field of spec §5 except the national id, which is
 *   required only where the country has one everybody carries and professionals record (Chile's RUT);
 *   Brazil's CPF is optional, the US and other countries have none required. A given id is always checked.
 */
export type PersonRecordKind = 'self' | 'client' | 'network';

export const PERSON_FIELDS = [
  'nombre',
  'apellido',
  'email',
  'telefono',
  'nacimiento',
  'sexo',
  'rut',
  'direccion',
  'pais_id',
  'region_id',
  'comuna_id',
] as const;
export type PersonField = (typeof PERSON_FIELDS)[number];

const SIGN_UP_FIELDS: readonly PersonField[] = ['nombre', 'apellido', 'nacimiento', 'sexo'];

/** True when `field` must be filled for this kind of record in this country (ISO 3166-1 alpha-2, any case). */
export function isPersonFieldRequired(
  field: PersonField,
  kind: PersonRecordKind,
  countryIso2: string | null | undefined,
): boolean {
  if (kind === 'self') return SIGN_UP_FIELDS.includes(field);
  if (field === 'rut') return nationalIdKind(countryIso2) === 'rut';
  return true;
}

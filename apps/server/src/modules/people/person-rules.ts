import {
  cleanNationalId,
  ErrorCode,
  isPersonFieldRequired,
  nationalIdKind,
  nationalIdProblem,
  type FieldErrors,
  type PersonRecordKind,
} from '@medida/contracts';
import { AppError } from '../../lib/app-error.ts';
import { inOrder } from '../../lib/in-order.ts';
import { ageInYears, MAX_AGE_YEARS, MIN_AGE_YEARS } from '@medida/domain';

/** The person fields as the contract schemas give them: one's own profile may leave the place and id out. */
export interface PersonFields {
  email: string;
  nacimiento: string;
  telefono?: string | undefined;
  direccion?: string | undefined;
  pais_id?: number | undefined;
  region_id?: number | undefined;
  comuna_id?: number | undefined;
  rut?: string | undefined;
}

/** What the rules look up: the e-mail in `users`, the place in the countries and locations modules' tables. */
export interface PersonLookups {
  emailTaken(email: string, exceptUserId?: number): Promise<boolean>;
  findCountry(id: number): Promise<{ id: number; iso2: string } | undefined>;
  findState(id: number): Promise<{ id: number; country_id: number } | undefined>;
  findCity(id: number): Promise<{ id: number; state_id: number } | undefined>;
}

export interface PersonExtras {
  company_id?: number | undefined;
  trabajo?: 'Dependiente' | 'Independiente';
  empresa?: string | undefined;
}

/** Field errors as translation keys; thrown as one 422 so the form shows every problem at once. */
class FieldErrorBag {
  // No prototype: a field named `toString` or `constructor` is a key like any other.
  readonly fields: FieldErrors = Object.create(null) as FieldErrors;
  add(field: string, key: string) {
    (this.fields[field] ??= []).push(key);
  }
  throwIfAny() {
    if (Object.keys(this.fields).length > 0)
      throw new AppError(422, ErrorCode.validation, 'errors.validation', { fields: this.fields });
  }
}

/**
 * The server-side rules on top of the contract schema (spec §5): age 13–100 today, unique e-mail,
 * region in the country and comuna in the region, the fields the record's kind and country require
 * (isPersonFieldRequired, decision 185: Chile's RUT, never the US's id), a given national id checked by
 * the country's kind, an existing company the actor may assign (`companyAllowed`, decision 112), and
 * empresa only for Dependiente. Returns the values to store (null for what was left empty).
 */
export async function checkPersonRules(
  repo: PersonLookups,
  input: PersonFields & PersonExtras,
  context: {
    kind: PersonRecordKind;
    today: Date;
    exceptUserId?: number;
    companyAllowed: (companyId: number) => Promise<boolean>;
  },
) {
  const errors = new FieldErrorBag();
  const age = ageInYears(input.nacimiento, context.today);
  if (age < MIN_AGE_YEARS) errors.add('nacimiento', 'validation.ageMin');
  else if (age > MAX_AGE_YEARS) errors.add('nacimiento', 'validation.ageMax');

  // Independent look-ups, asked together: one wait instead of four.
  const [emailTaken, country, region, comuna] = await inOrder([
    repo.emailTaken(input.email, context.exceptUserId),
    input.pais_id === undefined ? undefined : repo.findCountry(input.pais_id),
    input.region_id === undefined ? undefined : repo.findState(input.region_id),
    input.comuna_id === undefined ? undefined : repo.findCity(input.comuna_id),
  ]);
  if (emailTaken) errors.add('email', 'validation.emailTaken');

  if (input.pais_id !== undefined && !country) errors.add('pais_id', 'validation.country');
  if (input.region_id !== undefined && (!region || region.country_id !== country?.id))
    errors.add('region_id', 'validation.region');
  if (input.comuna_id !== undefined && (!comuna || comuna.state_id !== region?.id))
    errors.add('comuna_id', 'validation.comuna');

  const text = (value: string | undefined) => value?.trim() || null;
  const values = {
    telefono: text(input.telefono),
    direccion: text(input.direccion),
    pais_id: input.pais_id ?? null,
    region_id: input.region_id ?? null,
    comuna_id: input.comuna_id ?? null,
    // The national id follows the country: RUT for Chile, CPF for Brazil, a plain id elsewhere (issue 15).
    rut: cleanNationalId(input.rut ?? '') || null,
  };
  for (const [field, value] of Object.entries(values) as [keyof typeof values, unknown][])
    if (value === null && isPersonFieldRequired(field, context.kind, country?.iso2))
      errors.add(field, 'validation.required');
  const idProblem = values.rut === null ? null : nationalIdProblem(values.rut, nationalIdKind(country?.iso2));
  if (idProblem) errors.add('rut', idProblem);

  if (input.company_id !== undefined && !(await context.companyAllowed(input.company_id)))
    errors.add('company_id', 'validation.company');

  let empresa: string | null = null;
  if (input.trabajo === 'Dependiente') {
    empresa = input.empresa?.trim() || null;
    if (!empresa) errors.add('empresa', 'validation.required');
  }
  errors.throwIfAny();
  return { ...values, empresa };
}

import {
  cleanNationalId,
  emailSchema,
  isPersonFieldRequired,
  nationalIdKind,
  nationalIdProblem,
  PERSON_FIELDS,
  type ManagedUser,
  type NationalIdKind,
  type PersonRecordKind,
} from '@medida/contracts';
import { checkManagedBirthDate } from '../../lib/birth-date.ts';
import { attachmentProblem } from './attachment-rules.ts';

/**
 * Clients (type 2) carry a company and documents; network professionals a specialty and job; `self` is
 * one's own profile, which asks only what sign-up asked (decision 185).
 */
export type PersonKind = PersonRecordKind;

/** A document picked in the form, uploaded with the save (spec §3: title and description). */
export interface NewAttachment {
  /** Stable React key: files can share a name. */
  key: string;
  file: File;
  title: string;
  description: string;
}

/** Every field as the inputs hold it (Mantine selects use string ids); contract names throughout. */
export interface PersonFormValues {
  nombre: string;
  apellido: string;
  email: string;
  telefono: string;
  nacimiento: string | null;
  sexo: string | null;
  direccion: string;
  pais_id: string | null;
  region_id: string | null;
  comuna_id: string | null;
  rut: string;
  company_id: string | null;
  especialidad: string | null;
  trabajo: string | null;
  empresa: string;
  attachments: NewAttachment[];
  /** Edit modal: ids of saved documents marked for deletion (removed on save). */
  deleted_files: number[];
}

export function emptyPersonValues(defaults: { paisId?: number | null } = {}): PersonFormValues {
  return {
    nombre: '',
    apellido: '',
    email: '',
    telefono: '',
    nacimiento: null,
    sexo: null,
    direccion: '',
    pais_id: defaults.paisId ? String(defaults.paisId) : null,
    region_id: null,
    comuna_id: null,
    rut: '',
    // No company unless the professional chooses one (issue 30 item 11f, decision 189).
    company_id: null,
    especialidad: null,
    trabajo: null,
    empresa: '',
    attachments: [],
    deleted_files: [],
  };
}

const idString = (id: number | null) => (id === null ? null : String(id));

/** The edit modals start from the saved record. */
export function valuesFromUser(user: ManagedUser): PersonFormValues {
  const p = user.profile;
  return {
    nombre: p.nombre,
    apellido: p.apellido,
    email: p.email,
    telefono: p.telefono ?? '',
    nacimiento: p.nacimiento,
    sexo: p.sexo,
    direccion: p.direccion ?? '',
    pais_id: idString(p.pais_id),
    region_id: idString(p.region_id),
    comuna_id: idString(p.comuna_id),
    rut: p.rut ?? '',
    company_id: idString(user.company?.id ?? null),
    especialidad: p.especialidad,
    trabajo: p.trabajo,
    empresa: p.empresa ?? '',
    attachments: [],
    deleted_files: [],
  };
}

/** Spec §4: picking a country clears region and comuna; picking a region clears comuna. */
export function applyLocationChange(
  values: Pick<PersonFormValues, 'pais_id' | 'region_id' | 'comuna_id'>,
  field: 'pais_id' | 'region_id' | 'comuna_id',
  value: string | null,
): Pick<PersonFormValues, 'pais_id' | 'region_id' | 'comuna_id'> {
  if (field === 'pais_id')
    return value === values.pais_id ? values : { pais_id: value, region_id: null, comuna_id: null };
  if (field === 'region_id')
    return value === values.region_id ? values : { ...values, region_id: value, comuna_id: null };
  return { ...values, comuna_id: value };
}

const REQUIRED = 'validation.required';

/**
 * The national id as typed, judged the way the server will: RUT for Chile, CPF for Brazil, else 1–20
 * letters/digits; an empty one is a problem only where it is required.
 */
export function nationalIdFieldProblem(raw: string, kind: NationalIdKind, required = true): string | null {
  const id = cleanNationalId(raw);
  return id ? nationalIdProblem(id, kind) : required ? REQUIRED : null;
}

/**
 * Spec §5, all at once so the form shows every problem: the fields the record's kind and country require
 * (isPersonFieldRequired, the server's rule too), the e-mail pattern, age by the months helper, a given
 * national id by the country's kind, and a title and description for each document. Values are
 * translation keys, keyed by form path.
 */
export function personErrors(
  values: PersonFormValues,
  ctx: { kind: PersonKind; today: string; countryIso2: string | undefined },
): Record<string, string> {
  const errors: Record<string, string> = {};
  const requireText = (field: keyof PersonFormValues) => {
    const value = values[field];
    if (typeof value === 'string' ? !value.trim() : value === null) errors[field] = REQUIRED;
  };
  for (const field of PERSON_FIELDS)
    if (field !== 'rut' && field !== 'nacimiento' && isPersonFieldRequired(field, ctx.kind, ctx.countryIso2))
      requireText(field);
  // The e-mail of one's own profile is read-only here (it changes through its own confirmation).
  if (ctx.kind === 'self') delete errors.email;
  if (ctx.kind !== 'self' && !errors.email && !emailSchema.safeParse(values.email).success)
    errors.email = 'validation.email';

  const birth = checkManagedBirthDate(values.nacimiento, ctx.today);
  // Sign-up asked the birth date, so every kind of record has one.
  if (birth === 'missing') errors.nacimiento = REQUIRED;
  else if (birth === 'tooYoung') errors.nacimiento = 'messages.minAge13';
  else if (birth === 'tooOld') errors.nacimiento = 'validation.birthDateRange';

  const rut = nationalIdFieldProblem(
    values.rut,
    nationalIdKind(ctx.countryIso2),
    isPersonFieldRequired('rut', ctx.kind, ctx.countryIso2),
  );
  if (rut) errors.rut = rut;

  if (ctx.kind === 'network') {
    requireText('especialidad');
    requireText('trabajo');
    if (values.trabajo === 'Dependiente') requireText('empresa');
  } else if (ctx.kind === 'client') {
    values.attachments.forEach((item, index) => {
      if (!item.title.trim()) errors[`attachments.${index}.title`] = REQUIRED;
      if (!item.description.trim()) errors[`attachments.${index}.description`] = REQUIRED;
      const problem = attachmentProblem(item.file);
      if (problem) errors[`attachments.${index}.file`] = problem;
    });
  }
  return errors;
}

/** The person fields every create and edit body carries, trimmed, ids as numbers, the rut cleaned. */
export function personFields(values: PersonFormValues) {
  return {
    nombre: values.nombre.trim(),
    apellido: values.apellido.trim(),
    email: values.email.trim(),
    telefono: values.telefono.trim(),
    nacimiento: values.nacimiento ?? '',
    sexo: values.sexo as 'Femenino' | 'Masculino',
    direccion: values.direccion.trim(),
    pais_id: Number(values.pais_id),
    region_id: Number(values.region_id),
    comuna_id: Number(values.comuna_id),
    rut: cleanNationalId(values.rut),
  };
}

/**
 * One's own profile (POST /web/ingresoperfil): what was left empty is not sent, so a professional who
 * never gave an address or ID number saves language and units alone (decision 185).
 */
export function ownProfileFields(values: PersonFormValues) {
  const { email: _email, pais_id, region_id, comuna_id, ...fields } = personFields(values);
  void _email;
  const id = (value: number) => (value > 0 ? value : undefined);
  return { ...fields, pais_id: id(pais_id), region_id: id(region_id), comuna_id: id(comuna_id) };
}

/** The order the form shows its fields in: the first with an error is the one to bring into view. */
const FIELD_ORDER: readonly string[] = [...PERSON_FIELDS, 'company_id', 'especialidad', 'trabajo', 'empresa'];
/** A document's inputs as shown: its file, then title above description. */
const DOCUMENT_FIELD_ORDER: readonly string[] = ['file', 'title', 'description'];

/** Where a form path sits on screen: its field, then (for a document) its row and its input in that row. */
function screenRank(path: string): number[] {
  const [field = path, row, input] = path.split('.');
  const fieldRank = FIELD_ORDER.indexOf(field);
  return [
    fieldRank === -1 ? FIELD_ORDER.length : fieldRank,
    Number(row ?? 0) || 0,
    input === undefined ? 0 : DOCUMENT_FIELD_ORDER.indexOf(input),
  ];
}

/** The form path of the first field (in the form's order) that has an error, or undefined. */
export function firstInvalidField(errors: Record<string, unknown>): string | undefined {
  const paths = Object.keys(errors).filter((path) => errors[path]);
  const compare = (a: string, b: string) => {
    const [ra, rb] = [screenRank(a), screenRank(b)];
    return ra.reduce((order, rank, i) => order || rank - (rb[i] ?? 0), 0);
  };
  return paths.sort(compare)[0];
}

/** Network professionals: empresa only travels for Dependiente (spec §4). */
export function networkFields(values: PersonFormValues) {
  const dependiente = values.trabajo === 'Dependiente';
  return {
    especialidad: values.especialidad as string,
    trabajo: values.trabajo as 'Dependiente' | 'Independiente',
    ...(dependiente ? { empresa: values.empresa.trim() } : {}),
  };
}

/**
 * Multipart body: every text field as a part, then files[] with files_info (their titles and
 * descriptions, in the same order), as POST /web/create_user and /web/editaperfil expect.
 */
export function toMultipart(
  fields: Record<string, string | number | undefined>,
  attachments: readonly NewAttachment[],
  extra: Record<string, string> = {},
): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) data.append(name, String(value));
  for (const [name, value] of Object.entries(extra)) data.append(name, value);
  if (attachments.length > 0) {
    data.append(
      'files_info',
      JSON.stringify(attachments.map((a) => ({ title: a.title.trim(), description: a.description.trim() }))),
    );
    for (const a of attachments) data.append('files[]', a.file, a.file.name);
  }
  return data;
}

import { CONSENT_TEXT_VERSION, USER_TYPE, rutCheckDigit, type CreateUserBody } from '@medida/contracts';
import type { Database, Kysely } from '@medida/db';
import type { FastifyInstance } from 'fastify';
import { bearer, insertUser, openSession, uniqueEmail, type TestUser } from './factories.ts';
import type { TestContext } from './test-app.ts';

export interface ChileIds {
  pais_id: number;
  region_id: number;
  comuna_id: number;
  /** A region of another country, for mismatch tests. */
  foreign_region_id: number;
}

/** Santiago, Región Metropolitana, Chile: looked up once per database (ids come from the dataset). */
export async function chileIds(db: Kysely<Database>): Promise<ChileIds> {
  const cl = await db.selectFrom('countries').select('id').where('iso2', '=', 'CL').executeTakeFirstOrThrow();
  const rm = await db
    .selectFrom('states')
    .select('id')
    .where('country_id', '=', cl.id)
    .where('iso_code', '=', 'RM')
    .executeTakeFirstOrThrow();
  const santiago = await db
    .selectFrom('cities')
    .select('id')
    .where('state_id', '=', rm.id)
    .where('name', '=', 'Santiago')
    .executeTakeFirstOrThrow();
  const ar = await db.selectFrom('countries').select('id').where('iso2', '=', 'AR').executeTakeFirstOrThrow();
  const foreign = await db
    .selectFrom('states')
    .select('id')
    .where('country_id', '=', ar.id)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { pais_id: cl.id, region_id: rm.id, comuna_id: santiago.id, foreign_region_id: foreign.id };
}

/** A country's first state and that state's first city: location ids for a person of another country. */
export async function countryIds(
  db: Kysely<Database>,
  iso2: string,
): Promise<{ pais_id: number; region_id: number; comuna_id: number }> {
  const country = await db.selectFrom('countries').select('id').where('iso2', '=', iso2).executeTakeFirstOrThrow();
  const city = await db
    .selectFrom('cities')
    .innerJoin('states', 'states.id', 'cities.state_id')
    .select(['states.id as region_id', 'cities.id as comuna_id'])
    .where('states.country_id', '=', country.id)
    .orderBy('cities.id')
    .limit(1)
    .executeTakeFirstOrThrow();
  return { pais_id: country.id, ...city };
}

let rutSeq = 10_000_000 + (process.pid % 1000) * 1000;
/** A valid Chilean RUT, different every call ('12345678K' format). */
export function validRut(): string {
  const body = String(++rutSeq);
  return body + rutCheckDigit(body);
}

type ClientBody = Extract<CreateUserBody, { type: typeof USER_TYPE.client }>;
type NetworkBody = Extract<CreateUserBody, { type: typeof USER_TYPE.professional }>;

export function clientBody(ids: ChileIds, parentId: number, overrides: Partial<ClientBody> = {}): ClientBody {
  return {
    type: USER_TYPE.client,
    lang: 'es',
    parent_user_id: parentId,
    nombre: 'Valentina',
    apellido: 'Soto',
    email: uniqueEmail('client'),
    telefono: '+56911112222',
    nacimiento: '1990-04-12',
    sexo: 'Femenino',
    direccion: 'Av. Siempre Viva 742',
    pais_id: ids.pais_id,
    region_id: ids.region_id,
    comuna_id: ids.comuna_id,
    rut: validRut(),
    consent_method: 'written',
    consent_version: CONSENT_TEXT_VERSION,
    consent_lang: 'es',
    ...overrides,
  };
}

/**
 * The editaperfil fields of a create_user body: the person fields (and the role's own), without what only
 * creation takes (type, lang, parent, consent), which editaperfil refuses as unknown fields (issue 10 item 15).
 */
export function editableFields<B extends Record<string, unknown>>(
  body: B,
): Omit<B, 'type' | 'lang' | 'parent_user_id' | 'consent_method' | 'consent_version' | 'consent_lang'> {
  const {
    type: _type,
    lang: _lang,
    parent_user_id: _parent,
    consent_method: _method,
    consent_version: _version,
    consent_lang: _consentLang,
    ...fields
  } = body;
  return fields;
}

export function networkBody(ids: ChileIds, parentId: number, overrides: Partial<NetworkBody> = {}): NetworkBody {
  return {
    type: USER_TYPE.professional,
    lang: 'en',
    parent_user_id: parentId,
    nombre: 'Tomás',
    apellido: 'Muñoz',
    email: uniqueEmail('network'),
    telefono: '+56933334444',
    nacimiento: '1985-09-30',
    sexo: 'Masculino',
    direccion: 'Calle Falsa 123',
    pais_id: ids.pais_id,
    region_id: ids.region_id,
    comuna_id: ids.comuna_id,
    rut: validRut(),
    especialidad: 'Kinesiólogo',
    trabajo: 'Dependiente',
    empresa: 'Clínica Norte',
    ...overrides,
  };
}

export interface Actor extends TestUser {
  token: string;
  headers: { authorization: string };
}

export async function loggedIn(ctx: TestContext, overrides: Parameters<typeof insertUser>[1] = {}): Promise<Actor> {
  const user = await insertUser(ctx, overrides);
  const token = await openSession(ctx.app, user.id);
  return { ...user, token, headers: bearer(token) };
}

/** Two separate professionals, a client and a network professional under the first: the permission fixtures. */
export async function twoTenants(ctx: TestContext) {
  const ids = await chileIds(ctx.db);
  const owner = await loggedIn(ctx, { creditos: 100 });
  const other = await loggedIn(ctx, { creditos: 100 });
  const loc = { pais_id: ids.pais_id, region_id: ids.region_id, comuna_id: ids.comuna_id };
  const clientUser = await insertUser(ctx, {
    type: USER_TYPE.client,
    parent_user_id: owner.id,
    ...loc,
    rut: validRut(),
  });
  const client = { ...clientUser, headers: bearer(await openSession(ctx.app, clientUser.id)) };
  const colleague = await insertUser(ctx, {
    type: USER_TYPE.professional,
    parent_user_id: owner.id,
    ...loc,
    especialidad: 'Nutricionista',
    trabajo: 'Independiente',
  });
  const otherClient = await insertUser(ctx, { type: USER_TYPE.client, parent_user_id: other.id, ...loc });
  return { ids, owner, other, client, colleague, otherClient };
}

export async function createUser(app: FastifyInstance, headers: object, body: object) {
  return app.inject({ method: 'POST', url: '/web/create_user', headers: { ...headers }, payload: body });
}

export interface UploadFile {
  name: string;
  data: Uint8Array;
  type?: string;
}

/** A multipart body as a browser's FormData would send it: text fields, then files[] parts. */
export async function multipartPayload(
  fields: Record<string, unknown>,
  files: UploadFile[] = [],
  fileField = 'files[]',
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  for (const file of files)
    form.append(fileField, new Blob([file.data], { type: file.type ?? 'application/octet-stream' }), file.name);
  const request = new Request('http://medida.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** Smallest files that pass the magic-byte check, padded to `size` bytes. */
// Real 8×8 images (sharp output): uploads are decoded and re-encoded, so they must be valid pictures.
const IMAGES = {
  png: 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4EaCBFTEMLQkAaplQAdEjY8UAAAAASUVORK5CYII=',
  jpeg: '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCQAIqQ/9k=',
  webp: 'UklGRjoAAABXRUJQVlA4IC4AAADQAQCdASoIAAgAAUAmJaACdLoB+AADsAD+6Di/+YJX5Bu1D/7B384D84D+igAA',
};
const image = (kind: keyof typeof IMAGES) => () => new Uint8Array(Buffer.from(IMAGES[kind], 'base64'));

export const sampleFiles = {
  png: image('png'),
  jpeg: image('jpeg'),
  webp: image('webp'),
  pdf: (size = 64) => pad([...Buffer.from('%PDF-1.7\n')], size),
};

function pad(head: number[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(head.slice(0, size));
  for (let i = head.length; i < size; i++) out[i] = (i * 31) & 0xff;
  return out;
}

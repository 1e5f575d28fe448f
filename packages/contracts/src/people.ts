import { z } from 'zod';
import {
  birthDateSchema,
  digitsSchema,
  documentedInteger,
  emailSchema,
  idSchema,
  languageSchema,
  personProfileFields,
  queryIdSchema,
  queryLiteralSchema,
  sexoSchema,
  USER_TYPE,
  userTypeSchema,
} from './common.ts';
import { consentFields } from './consent.ts';
import { inviteOnCreateFields, timeZoneSchema } from './portal.ts';
import { ESPECIALIDADES } from './registration-variants.ts';

/**
 * Clients (type 2) and network professionals (type 1): spec §3, §5 and §7. Field names are the spec's.
 * Server-only rules on top of these schemas: age 13–100 at today's date, Chilean RUT check digit when
 * the country is Chile, region/comuna belonging to the chosen country/region, company existence.
 */

export const TRABAJO = ['Dependiente', 'Independiente'] as const;
export const trabajoSchema = z.enum(TRABAJO, { error: 'validation.required' });
export const especialidadSchema = z.enum(ESPECIALIDADES, { error: 'validation.required' });

const requiredText = (max: number) =>
  z.string().trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' });

/** A field a form may leave empty ('' or absent): whether it is required is the server's per-country rule. */
const optionalText = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' }).optional();

/**
 * The national id as typed; the server cleans it (dots, hyphen), requires it where the country does
 * (isPersonFieldRequired, decision 185) and checks a given one by the country's kind (RUT, CPF, other).
 */
export const rutInputSchema = optionalText(20);

export const personFieldsSchema = z.strictObject({
  nombre: requiredText(100),
  apellido: requiredText(100),
  email: emailSchema,
  telefono: requiredText(30),
  nacimiento: birthDateSchema,
  sexo: sexoSchema,
  direccion: requiredText(200),
  pais_id: idSchema,
  region_id: idSchema.describe('A region of pais_id (checked by the server)'),
  comuna_id: idSchema.describe('A comuna of region_id (checked by the server)'),
  rut: rutInputSchema.describe(
    'As typed (dots and hyphen allowed); required for Chile (check digit checked), optional elsewhere, checked when given',
  ),
});

// POST /web/create_user — JSON (or multipart for a client with attachments: the same fields as text
// parts, plus files[] and files_info, a JSON list of { title, description } in the files' order).
export const createClientBodySchema = personFieldsSchema.extend({
  type: z.literal(USER_TYPE.client),
  ...consentFields,
  ...inviteOnCreateFields,
  lang: languageSchema,
  parent_user_id: idSchema,
  company_id: idSchema.optional(),
});
export const createNetworkUserBodySchema = personFieldsSchema.extend({
  type: z.literal(USER_TYPE.professional),
  lang: languageSchema,
  parent_user_id: idSchema,
  especialidad: especialidadSchema,
  trabajo: trabajoSchema,
  empresa: z.string().trim().max(120, { error: 'validation.tooLong' }).optional(),
  /** The inviter's time zone: the e-mailed link's expiry is written in it (decision 186); UTC when absent. */
  time_zone: timeZoneSchema.optional(),
});
export const createUserBodySchema = z.discriminatedUnion(
  'type',
  [createClientBodySchema, createNetworkUserBodySchema],
  {
    error: 'validation.userType',
  },
);
export type CreateUserBody = z.infer<typeof createUserBodySchema>;
export const createUserResponseSchema = z.object({ message: z.string(), data: z.object({ id: z.number().int() }) });

/** Title and description of each uploaded file (spec §5: both required in the new-client form). */
export const fileInfoSchema = z.strictObject({
  title: requiredText(120),
  description: requiredText(500),
});
/** Files one request may carry (the multipart `files` limit of the server's upload). */
export const MAX_FILES_PER_REQUEST = 20;
export const filesInfoSchema = z.array(fileInfoSchema).max(MAX_FILES_PER_REQUEST);

// POST /web/editaperfil — clients: multipart with the user fields, files[], files_info, deleted_files
// (JSON list of attachment ids) and id_uploader; network users: a plain JSON object.
export const editClientFieldsSchema = personFieldsSchema.extend({
  id_usuario: idSchema,
  company_id: idSchema.optional(),
});
export const editNetworkUserBodySchema = personFieldsSchema.extend({
  id_usuario: idSchema,
  especialidad: especialidadSchema,
  trabajo: trabajoSchema,
  empresa: z.string().trim().max(120, { error: 'validation.tooLong' }).optional(),
});
export const deletedFilesSchema = z.array(idSchema).max(100);
export const editUserResponseSchema = z.object({ message: z.string() });

/*
 * The bodies of create_user and editaperfil by media type, for the OpenAPI document only: the server reads
 * these forms itself (JSON or multipart) and validates them with the schemas above (decision 178).
 */
/** The server's limit on one multipart text part (`fieldSize` in apps/server/src/modules/attachments/upload.ts). */
export const MULTIPART_FIELD_MAX = 64 * 1024;
/** One uploaded file: JPEG, PNG, WebP or PDF, judged by its bytes, under MAX_ATTACHMENT_BYTES. */
const filePartSchema = z.string().meta({ format: 'binary' });
const attachmentParts = {
  'files[]': z
    .array(filePartSchema)
    .max(MAX_FILES_PER_REQUEST)
    .optional()
    .describe('The attachments (also accepted as `files`): JPEG, PNG, WebP or PDF, each under 10,000,000 bytes'),
  files_info: z
    .string()
    .max(MULTIPART_FIELD_MAX)
    .optional()
    .describe('JSON list of { title (≤ 120), description (≤ 500) }, one per file in the same order'),
};
const uploaderPart = { id_uploader: idSchema.optional().describe('Legacy: must be the acting user when sent') };
export const createUserBodies = {
  'application/json': createUserBodySchema,
  'multipart/form-data': z.discriminatedUnion('type', [
    createClientBodySchema.extend(attachmentParts),
    createNetworkUserBodySchema,
  ]),
};
export const editUserBodies = {
  'application/json': z.union([
    editClientFieldsSchema.extend({
      ...uploaderPart,
      files_info: filesInfoSchema.optional(),
      deleted_files: deletedFilesSchema.optional(),
    }),
    editNetworkUserBodySchema.extend(uploaderPart),
  ]),
  'multipart/form-data': z.union([
    editClientFieldsSchema.extend({
      ...attachmentParts,
      ...uploaderPart,
      deleted_files: z
        .string()
        .max(MULTIPART_FIELD_MAX)
        .optional()
        .describe('JSON list of the attachment ids to delete (≤ 100)'),
    }),
    editNetworkUserBodySchema.extend(uploaderPart),
  ]),
};

// POST /web/eliminausuario
export const deleteUserBodySchema = z.strictObject({ id_usuario: idSchema });

export const attachmentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  created_at: z.string(),
  /** Download path under /web (served only to users allowed to see the client). */
  file_path: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  uploader: z.object({ nombre: z.string(), apellido: z.string(), especialidad: z.string().nullable() }),
});
export type Attachment = z.infer<typeof attachmentSchema>;
/** Spec §5: a file of 10,000,000 bytes or more is rejected (maxFileSizeAdvice). */
export const MAX_ATTACHMENT_BYTES = 10_000_000;
export const ATTACHMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

export const profileSchema = z.object({
  ...personProfileFields,
  pais: z.string().nullable(),
  region: z.string().nullable(),
  comuna: z.string().nullable(),
  trabajo: z.enum(TRABAJO).nullable(),
});

/** One person in the lists and the detail: the spec puts profile data under `profile`. */
export const managedUserSchema = z.object({
  id_usuario: z.number().int(),
  type: userTypeSchema,
  parent_user_id: z.number().int().nullable(),
  creditos: z.number().int(),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  profile: profileSchema,
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

// GET /web/getMyClients?type=2&parent_user_id=&limit=&skip=&search=
export const getMyClientsQuerySchema = z.strictObject({
  type: queryLiteralSchema(USER_TYPE.client),
  parent_user_id: queryIdSchema,
  limit: digitsSchema().pipe(z.number().min(1).max(100)).meta(documentedInteger(1, 100)).default(20),
  skip: digitsSchema().default(0),
  /** Matches name, last name, e-mail or rut. */
  search: z.string().trim().max(100).optional(),
});
export const getMyClientsResponseSchema = z.object({ clients: z.array(managedUserSchema), total: z.number().int() });

// GET /web/getMyEvaluators?parent_user_id=
export const getMyEvaluatorsQuerySchema = z.strictObject({ parent_user_id: queryIdSchema });
export const getMyEvaluatorsResponseSchema = z.object({ evaluators: z.array(managedUserSchema) });

// GET /web/usuario?id_usuario= — one client or network user with attachments (client detail page).
export const getManagedUserQuerySchema = z.strictObject({ id_usuario: queryIdSchema });
export const getManagedUserResponseSchema = z.object({
  data: managedUserSchema.extend({
    attachments: z.array(attachmentSchema),
    /** True when the acting user is this user's parent account ("You are the parent account of this user"). */
    is_parent: z.boolean(),
    /**
     * True once the user chose its own password: only it changes its login e-mail; the professional may ask it
     * to (POST /web/people/:id/email-change-request, decision 202).
     */
    email_owner_only: z.boolean(),
  }),
});

// POST /web/people/:id/email-change-request — ask a managed user to change its own login e-mail (decision 202).
export const emailChangeRequestParamsSchema = z.strictObject({ id: queryIdSchema });
export const emailChangeRequestBodySchema = z.strictObject({ email: emailSchema });

// GET /web/getCompanies
export const companySchema = z.object({ id: z.number().int(), name: z.string() });
export const getCompaniesResponseSchema = z.object({ companies: z.array(companySchema) });
export const DEFAULT_COMPANY_ID = 9;

/** The units a user types weights and lengths in (issue 15); measurements are stored in kg and cm. */
export const UNIT_SYSTEMS = ['metric', 'imperial'] as const;
export const unitSystemSchema = z.enum(UNIT_SYSTEMS, { error: 'validation.invalid' });
export type UnitSystem = z.infer<typeof unitSystemSchema>;

// GET /web/listadoperfil — the signed-in user's own record (profile page, issue 12).
export const listadoPerfilResponseSchema = z.object({
  data: managedUserSchema.extend({ lang: languageSchema, units: unitSystemSchema }),
});

// POST /web/ingresoperfil — one's own data with the rules of the edit modals; the e-mail is not changed
// here (it needs a confirmation sent to the new address) and neither is the password (actualizapass).
// Only what sign-up asked is required (isPersonFieldRequired 'self', decision 185): language and units save alone.
export const ingresoPerfilBodySchema = z.strictObject({
  ...personFieldsSchema.pick({ nombre: true, apellido: true, nacimiento: true, sexo: true }).shape,
  telefono: optionalText(30),
  direccion: optionalText(200),
  pais_id: idSchema.optional(),
  region_id: idSchema.optional().describe('A region of pais_id (checked by the server)'),
  comuna_id: idSchema.optional().describe('A comuna of region_id (checked by the server)'),
  rut: rutInputSchema.describe('As typed; checked by the country when given'),
  lang: languageSchema,
  /** Kept when absent. */
  units: unitSystemSchema.optional(),
  /** Professionals only (required for them): as in the network user's form. */
  especialidad: especialidadSchema.optional(),
  trabajo: trabajoSchema.optional(),
  empresa: z.string().trim().max(120, { error: 'validation.tooLong' }).optional(),
});
export type IngresoPerfilBody = z.infer<typeof ingresoPerfilBodySchema>;

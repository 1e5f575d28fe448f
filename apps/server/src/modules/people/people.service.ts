import {
  cleanNationalId,
  createUserBodySchema,
  deletedFilesSchema,
  editClientFieldsSchema,
  editNetworkUserBodySchema,
  filesInfoSchema,
  USER_TYPE,
  type CreateUserBody,
  type IngresoPerfilBody,
  type UnitSystem,
} from '@medida/contracts';
import {
  inTransaction,
  isUniqueViolation,
  type Database,
  type Kysely,
  type NewUser,
  type Transaction,
} from '@medida/db';
import type { RecordChange } from '../../lib/audit-route.ts';
import { atCommit, type TailWriter } from '../../lib/commit-tail.ts';
import { batchedMany } from '../../lib/batched.ts';
import { groupedTransaction } from '../../lib/grouped-transactions.ts';
import { inOrder } from '../../lib/in-order.ts';
import { fieldError, forbidden, notFound, tooManyRequests } from '../../lib/app-error.ts';
import { HOUR, type Clock } from '../../lib/clock.ts';
import type { BlobStorage } from '../../lib/storage.ts';
import type { AppDeps } from '../../types.ts';
import { createAttachmentsService, matchFileInfos } from '../attachments/attachments.service.ts';
import type { StagedFile } from '../attachments/upload.ts';
import { createCreditsService } from '../credits/credits.service.ts';
import { createConsentService } from '../consent/consent.service.ts';
import { createEmailChangeService, type EmailChangeOutcome } from '../email-change/email-change.service.ts';
import { createPortalService } from '../portal/portal.service.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';
import { revokeAllSessionsInTransaction } from '../sessions/sessions.service.ts';
import { toManagedUser } from './people.mapper.ts';
import { createPeopleRepository } from './people.repository.ts';
import { createUserRecordsService } from './user-records.service.ts';
import { checkPersonRules, type PersonLookups } from './person-rules.ts';
import { asLanguage } from '../../lib/i18n.ts';
import { createCompaniesService } from '../companies/companies.service.ts';
import { createCountriesService } from '../countries/countries.service.ts';
import { createLocationsService } from '../locations/locations.service.ts';
import { parseJsonField, parseWith } from './validation.ts';

/** A submitted user form: text fields (JSON or multipart) plus the files already staged by the route. */
export interface UserForm {
  fields: Record<string, unknown>;
  files: StagedFile[];
}

/**
 * Write the change's audit events in the change's transaction (decision 142): the client's own and one per
 * attachment added or removed. Routes always pass them; seeds and benches, with no request, do not.
 */
export interface PeopleRecorders {
  change: RecordChange<Transaction<Database>>;
  attachmentCreated?: RecordChange<Transaction<Database>>;
  attachmentDeleted?: RecordChange<Transaction<Database>>;
}

/** A transaction's new users (ids reserved) in one statement, at its commit when it has a commit tail (decision 240). */
const writeUsers: TailWriter<NewUser & { id: number }> = (trx, rows) =>
  createUserRecordsService(trx).insertWithIds(rows);

const emailTaken = () => fieldError('email', 'validation.emailTaken');
/** Asking a user to change its e-mail sends it a mail: a few a day per user, a bounded number per asker. */
const EMAIL_CHANGE_ASKS_PER_USER = { limit: 3, windowMs: 24 * HOUR };
const EMAIL_CHANGE_ASKS_PER_ACTOR = { limit: 20, windowMs: HOUR };

/**
 * Clients (type 2) and network professionals (type 1) managed by a professional. Every target must be
 * strictly below the actor in its account tree (the routes admit professionals only); anything else is 404, so ids of other accounts leak nothing.
 */
/** The stored units (a CHECK keeps them to these two). */
const asUnitSystem = (units: string): UnitSystem => (units === 'imperial' ? 'imperial' : 'metric');

export function createPeopleService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'hasher' | 'mailer' | 'config'> & { storage: BlobStorage },
  /**
   * Look-ups in place of the tables' (an import answers them for a batch of rows): the person rules', and whether a
   * new user may hang from `parentId` (a live professional that is the actor or below it).
   */
  options: { lookups?: PersonLookups; parentAssignable?: (actorId: number, parentId: number) => Promise<boolean> } = {},
) {
  const db: Kysely<Database> = deps.db;
  const clock: Clock = deps.clock;
  const repo = createPeopleRepository(db);
  const users = createUserRecordsService(db);
  const countries = createCountriesService(db);
  const locations = createLocationsService(db);
  const lookups: PersonLookups = options.lookups ?? {
    emailTaken: users.emailTaken,
    findCountry: countries.find,
    findState: locations.findState,
    findCity: locations.findCity,
  };
  const parentAssignable = options.parentAssignable ?? users.isAssignableParent;
  const attachments = createAttachmentsService({ db, storage: deps.storage, config: deps.config });
  const credits = createCreditsService({ db, clock });
  const consent = createConsentService(deps);
  const companies = createCompaniesService(deps);
  const emailChange = createEmailChangeService(deps);
  const portal = createPortalService(deps);
  const rateLimits = createRateLimitsService(deps);

  /** Managed-user reads: the actor's own id or one strictly below it. */
  async function requireVisibleParent(actorId: number, parentId: number) {
    if (parentId !== actorId && !(await users.isAssignableParent(actorId, parentId))) throw notFound();
  }

  /** Concurrent creates' look-ups in one statement (decision 250); an import's lookups answer for its batch instead. */
  const newUserFacts = batchedMany(users.newUserFacts);

  /**
   * A new user's form checked (contract schema, parent in the actor's tree, person rules), nothing stored; with
   * `reserveId`, the new user's id taken with the checks (one wait).
   */
  async function checkNew(actorId: number, raw: Record<string, unknown>, reserveId: boolean) {
    const fields = { ...raw };
    if (typeof fields.type === 'string' && /^[12]$/.test(fields.type)) fields.type = Number(fields.type);
    // Multipart sends the invitation opt-in as text.
    if (fields.invite === 'true' || fields.invite === 'false') fields.invite = fields.invite === 'true';
    if (fields.company_id === '' || fields.company_id === null) delete fields.company_id;
    const infosRaw = fields.files_info;
    delete fields.files_info;
    const body = parseWith(createUserBodySchema, fields);
    const extras =
      body.type === USER_TYPE.client
        ? { company_id: body.company_id }
        : { trabajo: body.trabajo, empresa: body.empresa };
    const facts = options.lookups
      ? undefined
      : newUserFacts({ actorId, parentId: body.parent_user_id, email: body.email, reserveId });
    const rules: PersonLookups = facts
      ? {
          ...lookups,
          emailTaken: (email, exceptUserId) =>
            email === body.email && exceptUserId === undefined
              ? facts.then((f) => f.emailTaken)
              : lookups.emailTaken(email, exceptUserId),
        }
      : lookups;
    // The parent's look-up and the rules' (reads only) go together; a parent outside the actor's tree is still 404
    // before any field error.
    const parentInTree = (facts ? facts.then((f) => f.parentOk) : parentAssignable(actorId, body.parent_user_id)).then(
      (ok) => {
        if (!ok) throw notFound();
      },
    );
    const [, checked, id] = await inOrder([
      parentInTree,
      checkPersonRules(
        rules,
        { ...body, ...extras },
        {
          kind: body.type === USER_TYPE.client ? 'client' : 'network',
          today: clock.now(),
          companyAllowed: (id) => companies.isAssignable(actorId, id),
        },
      ),
      facts ? facts.then((f) => f.id) : reserveId ? users.reserveId() : null,
    ]);
    return { body, checked, infosRaw, id };
  }

  return {
    /** A dry run of create (the import's preview): throws what create would, stores nothing. */
    async checkCreate(a: { actorId: number; fields: Record<string, unknown> }) {
      await checkNew(a.actorId, a.fields, false);
    },

    /** A dry run of a client's edit (the import's preview): the form's schema and rules, nothing stored. */
    async checkClientEdit(a: { actorId: number; fields: Record<string, unknown> }) {
      const body = parseWith(editClientFieldsSchema, a.fields);
      const target = await repo.findManaged(a.actorId, body.id_usuario);
      if (!target || target.type !== USER_TYPE.client) throw notFound();
      await consent.requireWritable(target.id);
      await checkPersonRules(lookups, body, {
        kind: 'client',
        today: clock.now(),
        exceptUserId: target.id,
        companyAllowed: async (id) => id === target.company_id || (await companies.isAssignable(a.actorId, id)),
      });
    },

    /**
     * The actor's clients matching a batch of keys (e-mail, national id), read in one statement; the answer finds
     * a key's client: the one with its e-mail first, else the one with its cleaned national id (the oldest of
     * several). Only clients in the actor's tree: how an import's rows find the clients they are about.
     */
    async findClientsByKeys(a: { actorId: number; keys: { email?: string | undefined; rut?: string | undefined }[] }) {
      const cleaned = a.keys.map((k) => ({
        email: k.email?.trim().toLowerCase() ?? '',
        rut: k.rut ? cleanNationalId(k.rut) : '',
      }));
      const emails = [...new Set(cleaned.map((k) => k.email).filter(Boolean))];
      const ruts = [...new Set(cleaned.map((k) => k.rut).filter(Boolean))];
      const rows =
        emails.length + ruts.length === 0 ? [] : await repo.findManagedClientsByKeys(a.actorId, { emails, ruts });
      // Rows come oldest first: the first one seen for a key is the one it names.
      const byEmail = new Map<string, (typeof rows)[number]>();
      const byRut = new Map<string, (typeof rows)[number]>();
      for (const row of rows) {
        const email = row.email.toLowerCase();
        if (!byEmail.has(email)) byEmail.set(email, row);
        if (row.rut && !byRut.has(row.rut)) byRut.set(row.rut, row);
      }
      return (key: { email?: string | undefined; rut?: string | undefined }) => {
        const email = key.email?.trim().toLowerCase();
        const rut = key.rut ? cleanNationalId(key.rut) : '';
        return (email ? byEmail.get(email) : undefined) ?? (rut ? byRut.get(rut) : undefined);
      };
    },

    async create(a: { actorId: number; form: UserForm; recordIn?: PeopleRecorders }) {
      const { files } = a.form;
      let created: {
        id: number;
        recipient: { id: number; email: string; nombre: string; lang: string };
        body: CreateUserBody;
      };
      try {
        // Its id with the checks (one wait), so its row needs no answer inside the transaction and goes in its commit
        // tail (decision 240). A refused form leaves a gap in the ids, as a failed insert does.
        const { body, checked, infosRaw, id } = await checkNew(a.actorId, a.form.fields, true);
        if (id === null) throw new Error('checkNew reserved no id');
        if (body.type === USER_TYPE.professional && files.length > 0)
          throw fieldError('files', 'validation.unknownField');
        const infos = matchFileInfos(
          files,
          infosRaw === undefined ? undefined : parseJsonField(filesInfoSchema, 'files_info', infosRaw),
        );

        const now = clock.now();
        // Nobody created here gets a password: a client chooses one from its portal invitation, if it gets one
        // (decision 132), a network professional from the invitation mailed now (decision 186).

        try {
          // Shared with the actor's other writes of the moment (decision 233), or a savepoint of the caller's
          // transaction (an import's batch of rows). Not with files: their promotion is no statement, so a shared
          // transaction that failed and ran again alone would promote them twice.
          const unit = <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
            files.length === 0 ? groupedTransaction(db, a.actorId, work) : inTransaction(db, work);
          await unit(async (trx) => {
            // First of the tail (its audit event and consent refer to it); without a tail (files, an import's
            // savepoint) written at once.
            await atCommit(trx, writeUsers, {
              id,
              type: body.type,
              password_hash: null,
              cambia_pass: 0,
              password_expires_at: null,
              ...personColumns(body, checked),
              lang: body.lang,
              parent_user_id: body.parent_user_id,
              company_id: body.type === USER_TYPE.client ? (body.company_id ?? null) : null,
              especialidad: body.type === USER_TYPE.professional ? body.especialidad : null,
              trabajo: body.type === USER_TYPE.professional ? body.trabajo : null,
              empresa: checked.empresa,
              created_at: now,
              updated_at: now,
            });
            // The client's event first: its attachments' events follow it in the chain.
            await a.recordIn?.change(trx, id);
            await attachments.addInTransaction(trx, {
              userId: id,
              uploaderId: a.actorId,
              files,
              infos,
              now,
              recordEach: a.recordIn?.attachmentCreated,
            });
            if (body.type === USER_TYPE.client)
              await consent.recordInTransaction(trx, { clientId: id, recordedBy: a.actorId, fields: body, now });
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw emailTaken();
          throw error;
        }
        const recipient = { id, email: body.email, nombre: body.nombre, lang: body.lang };
        created = { id, recipient, body };
      } catch (error) {
        await attachments.rollbackFiles(files);
        throw error;
      }
      // The record is stored: from here on a failure must not touch its files.
      const { id, recipient, body } = created;
      if (body.type === USER_TYPE.professional)
        await portal.inviteNetworkProfessional({ actorId: a.actorId, recipient, timeZone: body.time_zone });
      else if (body.invite) await portal.invite({ actorId: a.actorId, clientId: id, timeZone: body.time_zone });
      return { id };
    },

    /** A new e-mail goes through the owner's confirmation once it has its own password (decision 018). */
    async edit(a: {
      actorId: number;
      form: UserForm;
      recordIn?: PeopleRecorders;
    }): Promise<{ id: number; email: EmailChangeOutcome }> {
      const { files } = a.form;
      try {
        const fields = { ...a.form.fields };
        const targetId = parseWith(editClientFieldsSchema.pick({ id_usuario: true }), {
          id_usuario: fields.id_usuario,
        }).id_usuario;
        const target = await repo.findManaged(a.actorId, targetId);
        if (!target) throw notFound();
        if (target.type === USER_TYPE.client) await consent.requireWritable(targetId);
        // id_uploader is the legacy client's claim of who uploads; it can only be the actor.
        if (fields.id_uploader !== undefined && Number(fields.id_uploader) !== a.actorId) throw forbidden();
        const { files_info: infosRaw, deleted_files: deletedRaw } = fields;
        delete fields.id_uploader;
        delete fields.files_info;
        delete fields.deleted_files;
        if (fields.company_id === '' || fields.company_id === null) delete fields.company_id;

        const now = clock.now();
        let patch;
        let deletedIds: number[] = [];
        let infos: { title: string; description: string }[] = [];
        if (target.type === USER_TYPE.client) {
          const body = parseWith(editClientFieldsSchema, fields);
          infos = matchFileInfos(
            files,
            infosRaw === undefined ? undefined : parseJsonField(filesInfoSchema, 'files_info', infosRaw),
          );
          deletedIds = deletedRaw === undefined ? [] : parseJsonField(deletedFilesSchema, 'deleted_files', deletedRaw);
          const checked = await checkPersonRules(lookups, body, {
            kind: 'client',
            today: now,
            exceptUserId: targetId,
            // The client's current company stays valid even if archived since (decision 112).
            companyAllowed: async (id) => id === target.company_id || (await companies.isAssignable(a.actorId, id)),
          });
          patch = { ...personColumns(body, checked), company_id: body.company_id ?? null, updated_at: now };
        } else {
          if (files.length > 0 || deletedRaw !== undefined) throw fieldError('files', 'validation.unknownField');
          const body = parseWith(editNetworkUserBodySchema, fields);
          const checked = await checkPersonRules(lookups, body, {
            kind: 'network',
            today: now,
            exceptUserId: targetId,
            companyAllowed: (id) => companies.isAssignable(a.actorId, id),
          });
          patch = {
            ...personColumns(body, checked),
            especialidad: body.especialidad,
            trabajo: body.trabajo,
            empresa: checked.empresa,
            updated_at: now,
          };
        }

        // The login e-mail is not a field this save may set: the e-mail change service decides (below), and
        // refuses before anything is stored when only the owner may change it (decision 202).
        const newEmail = patch.email;
        const { email: _email, ...fieldsPatch } = patch;
        await emailChange.assertMayRequest({ userId: targetId, newEmail, requestedBy: a.actorId });
        let removedKeys: string[];
        try {
          removedKeys = await inTransaction(db, async (trx) => {
            if (!(await createPeopleRepository(trx).updateManaged(a.actorId, targetId, fieldsPatch))) throw notFound();
            await a.recordIn?.change(trx, targetId);
            const removed = await attachments.removeInTransaction(trx, {
              userId: targetId,
              ids: deletedIds,
              recordEach: a.recordIn?.attachmentDeleted,
            });
            await attachments.addInTransaction(trx, {
              userId: targetId,
              uploaderId: a.actorId,
              files,
              infos,
              now,
              recordEach: a.recordIn?.attachmentCreated,
            });
            return removed;
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw emailTaken();
          throw error;
        }
        await attachments.removeBlobs(removedKeys);
        return {
          id: targetId,
          email: await emailChange.request({ userId: targetId, newEmail, requestedBy: a.actorId }),
        };
      } catch (error) {
        await attachments.rollbackFiles(files);
        throw error;
      }
    },

    /** Soft delete (decision 051): evaluations keep their references; credits go back to the parent. */
    async remove(a: { actorId: number; userId: number; recordIn?: PeopleRecorders }) {
      await db.transaction().execute(async (trx) => {
        const trxRepo = createPeopleRepository(trx);
        const now = clock.now();
        const deleted = await trxRepo.softDeleteManaged(a.actorId, a.userId, now);
        if (!deleted || deleted.parent_user_id === null) throw notFound();
        await a.recordIn?.change(trx, deleted.id);
        await trxRepo.reparentChildren(deleted.id, deleted.parent_user_id, now);
        await revokeAllSessionsInTransaction(trx, deleted.id, now);
        await credits.returnAllToParentInTransaction(trx, {
          actorId: a.actorId,
          userId: deleted.id,
          parentId: deleted.parent_user_id,
        });
      });
    },

    /** GET /web/listadoperfil: the signed-in user's own record, with its language. */
    async ownProfile(actorId: number) {
      const row = await repo.findSelf(actorId);
      if (!row) throw notFound();
      return { ...toManagedUser(row), lang: asLanguage(row.lang), units: asUnitSystem(row.units) };
    },

    /**
     * POST /web/ingresoperfil: one's own data with the edit modals' rules (checkPersonRules); the e-mail
     * stays (changing it needs a confirmation at the new address); a professional's work fields change
     * only when sent (decision 116).
     */
    async editSelf(actorId: number, body: IngresoPerfilBody) {
      const row = await repo.findSelf(actorId);
      if (!row) throw notFound();
      if (row.type === USER_TYPE.client) await consent.requireWritable(actorId);
      // Work fields are the professional's to change, and only when sent (registration does not ask them).
      const isProfessional = row.type === USER_TYPE.professional && body.trabajo !== undefined;
      const now = clock.now();
      const checked = await checkPersonRules(
        lookups,
        { ...body, email: row.email, trabajo: isProfessional ? body.trabajo : undefined },
        { kind: 'self', today: now, exceptUserId: actorId, companyAllowed: async () => false },
      );
      await repo.updateSelf(actorId, {
        ...personColumns({ ...body, email: row.email }, checked),
        lang: body.lang,
        ...(body.units ? { units: body.units } : {}),
        ...(isProfessional ? { trabajo: body.trabajo, empresa: checked.empresa } : {}),
        ...(row.type === USER_TYPE.professional && body.especialidad ? { especialidad: body.especialidad } : {}),
        updated_at: now,
      });
      return this.ownProfile(actorId);
    },

    /** GET /web/usuario: a managed user, or oneself (a client reading its own record and documents). */
    async get(a: { actorId: number; userId: number }) {
      const row = a.userId === a.actorId ? await repo.findSelf(a.actorId) : await repo.findManaged(a.actorId, a.userId);
      if (!row) throw notFound();
      const files = await attachments.list(a.actorId, row.id);
      return {
        ...toManagedUser(row),
        attachments: files,
        is_parent: row.parent_user_id === a.actorId,
        email_owner_only: await emailChange.ownerOnly(row.id),
      };
    },

    /**
     * POST /web/people/:id/email-change-request: a professional above the user asks it to change its own login
     * e-mail (decision 202). Bounded per user and per asker, in the database (every instance counts).
     */
    async askEmailChange(a: { actorId: number; userId: number; email: string }) {
      const row = await repo.findManaged(a.actorId, a.userId);
      if (!row) throw notFound();
      for (const [scope, key, window] of [
        ['email-change-ask-user', row.id, EMAIL_CHANGE_ASKS_PER_USER],
        ['email-change-ask-actor', a.actorId, EMAIL_CHANGE_ASKS_PER_ACTOR],
      ] as const) {
        const decision = await rateLimits.consume(scope, String(key), [window]);
        if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
      }
      const asker = await repo.findSelf(a.actorId);
      if (!asker) throw notFound();
      await emailChange.askOwner({ userId: row.id, requestedBy: asker, suggestedEmail: a.email });
      return { nombre: row.nombre };
    },

    async listClients(a: {
      actorId: number;
      parentId: number;
      limit: number;
      skip: number;
      search?: string | undefined;
    }) {
      await requireVisibleParent(a.actorId, a.parentId);
      const { rows, total } = await repo.listChildren({
        actorId: a.actorId,
        parentId: a.parentId,
        type: USER_TYPE.client,
        limit: a.limit,
        skip: a.skip,
        search: a.search,
      });
      return { clients: rows.map(toManagedUser), total };
    },

    async listEvaluators(a: { actorId: number; parentId: number }) {
      await requireVisibleParent(a.actorId, a.parentId);
      const { rows } = await repo.listChildren({
        actorId: a.actorId,
        parentId: a.parentId,
        type: USER_TYPE.professional,
      });
      return { evaluators: rows.map(toManagedUser) };
    },
  };
}

/** The columns a person form writes: names, e-mail, birth and sex as sent, the rest as the rules stored them. */
function personColumns(
  body: { nombre: string; apellido: string; email: string; nacimiento: string; sexo: 'Femenino' | 'Masculino' },
  checked: Omit<Awaited<ReturnType<typeof checkPersonRules>>, 'empresa'>,
) {
  return {
    nombre: body.nombre,
    apellido: body.apellido,
    email: body.email,
    nacimiento: body.nacimiento,
    sexo: body.sexo,
    telefono: checked.telefono,
    direccion: checked.direccion,
    pais_id: checked.pais_id,
    region_id: checked.region_id,
    comuna_id: checked.comuna_id,
    rut: checked.rut,
  };
}

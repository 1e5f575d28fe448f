import {
  CONSENT_TEXT_VERSION,
  USER_TYPE,
  createEvaluationBodySchema,
  type ImportKind,
  type ImportResponse,
  type ImportRow,
  type Language,
} from '@medida/contracts';
import { AppError, tooManyRequests } from '../../lib/app-error.ts';
import { HOUR } from '../../lib/clock.ts';
import { translate } from '../../lib/i18n.ts';
import type { BlobStorage } from '../../lib/storage.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { createEvaluationsService } from '../evaluations/evaluations.service.ts';
import { createPeopleService, type PeopleRecorders } from '../people/people.service.ts';
import { parseWith } from '../people/validation.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';
import { COLUMNS_OF, type SpreadsheetColumn } from '../spreadsheets/spreadsheet-columns.ts';
import {
  mapHeaders,
  normaliseText,
  readConsent,
  readDate,
  readInteger,
  readMeasure,
  readMethod,
  readSex,
  readText,
  readYesNo,
  type CellResult,
  type MappedColumn,
} from './import-cells.ts';
import { IMPORT_MAX_CELL, readImportFile } from './import-file.ts';
import { createImportLookups, type ImportLookups } from './import-lookups.ts';
import { createPlaceResolver } from './import-places.ts';
import type { RecordChange } from '../../lib/audit-route.ts';
import type { Database, Kysely, Transaction } from '@medida/db';

/** Imports (dry runs included) per account and hour: each may read 10,000 rows. */
const IMPORT_LIMITS = [{ limit: 30, windowMs: HOUR }];
/** Rows of cells the answer carries for the preview. */
const PREVIEW_ROWS = 200;

/** The audit events an import writes in each row's transaction (decision 142). */
export interface ImportRecorders {
  created: RecordChange<Transaction<Database>>;
  updated: RecordChange<Transaction<Database>>;
  /** The professional attested the batch's consent: one event per client created under it. */
  consentAttested: RecordChange<Transaction<Database>>;
}

export interface ImportRequest {
  actor: Actor;
  kind: ImportKind;
  file: Buffer;
  mapping?: Record<string, string | null> | undefined;
  dryRun: boolean;
  attestConsent: boolean;
  /** How the file writes slashed dates; the answer's messages too. */
  lang: Language;
  recordIn?: ImportRecorders;
}

/** Form fields whose errors belong to another column of the file. */
const FIELD_TO_COLUMN: Record<string, string> = {
  pais_id: 'pais',
  region_id: 'region',
  comuna_id: 'comuna',
  consent_method: 'consent',
  'clinical_data.temperatura': 'temperatura',
  id_evaluado: 'row',
};

/** One row's read values and the problems found at its cells. */
class RowReading {
  readonly values: Record<string, unknown> = {};
  readonly errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  constructor(
    readonly cells: Map<string, { raw: string; column: MappedColumn }>,
    private readonly lang: Language,
  ) {}
  add(key: string, messageKey: string) {
    const column = FIELD_TO_COLUMN[key] ?? key.split('.')[0] ?? key;
    const text = translate(this.lang, messageKey);
    const list = (this.errors[column] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  get failed() {
    return Object.keys(this.errors).length > 0;
  }
  /** Reads one cell (absent or empty: nothing) with `read`, keeping the value or the cell's error. */
  async read<T>(key: string, read: (raw: string, column: MappedColumn) => CellResult<T> | Promise<CellResult<T>>) {
    const cell = this.cells.get(key);
    if (!cell || cell.raw.trim() === '') return undefined;
    if (cell.raw.length > IMPORT_MAX_CELL) return void this.add(key, 'import.errors.cellTooLong');
    const result = await read(cell.raw, cell.column);
    if (!result.ok) return void this.add(key, result.error);
    this.values[key] = result.value;
    return result.value;
  }
  /** A service's refusal as errors at the row's cells. */
  addError(error: unknown) {
    if (!(error instanceof AppError)) throw error;
    const fields = error.extra.fields;
    if (error.statusCode === 422 && fields)
      for (const [field, keys] of Object.entries(fields)) for (const key of keys) this.add(field, key);
    else this.add('row', error.statusCode === 404 ? 'import.errors.clientNotFound' : error.key);
  }
}

/** Text fields of a client as the form sends them. */
const CLIENT_TEXT = ['nombre', 'apellido', 'email', 'rut', 'telefono', 'direccion'] as const;
const EVALUATION_TEXT_KEYS = new Set(['rut', 'email']);

type PeopleService = ReturnType<typeof createPeopleService>;
type EvaluationsService = ReturnType<typeof createEvaluationsService>;
/** The services a row's write goes through: over the batch's transaction, or the database on a dry run. */
interface RowServices {
  people: PeopleService;
  evaluations: EvaluationsService;
}
/** What a row's cells decided; `write` (a check on a dry run) goes through the forms' services in the second step. */
interface RowPlan {
  status: ImportRow['status'];
  write?: (services: RowServices) => Promise<void>;
}
/** A row read, with the keys of the client it names (an evaluation's client, or the client itself). */
interface ReadRow {
  index: number;
  reading: RowReading;
  clientKey?: { email?: string | undefined; rut?: string | undefined };
}
type ClientFinder = Awaited<ReturnType<PeopleService['findClientsByKeys']>>;

/**
 * Rows stored in one transaction, each in its own savepoint (inTransaction): a row is stored whole or not at all,
 * and the batch shares one commit and one wait for the account's audit chain. Under 64, PostgreSQL's cache of a
 * transaction's subtransactions, so other sessions' snapshots stay cheap.
 */
const ROWS_PER_TRANSACTION = 50;

/**
 * POST /web/import/clients and …/evaluations (issue 35, decision 228): each row goes through the same service as
 * the forms (people.create and edit, evaluations.create: validation, scope, consent, credits, audit and the
 * engine); a dry run checks each row the same way and stores nothing. Rows go in batches: their cells are read and
 * their clients and e-mails looked up a batch at a time, then the batch's rows are stored in one transaction, each
 * in its own savepoint.
 */
export function createImportsService(deps: AppDeps & { storage: BlobStorage }) {
  const limits = createRateLimitsService(deps);
  const columnsByKey = (kind: ImportKind) => new Map(COLUMNS_OF[kind].map((c) => [c.key, c]));

  async function readClient(r: ImportRequest, reading: RowReading, places: ReturnType<typeof createPlaceResolver>) {
    for (const key of CLIENT_TEXT) await reading.read(key, readText);
    await reading.read('nacimiento', (raw) => readDate(raw, r.lang));
    await reading.read('sexo', readSex);
    const pais = await reading.read('pais', (raw) => places.country(raw));
    const region = pais === undefined ? undefined : await reading.read('region', (raw) => places.region(pais, raw));
    if (region !== undefined) await reading.read('comuna', (raw) => places.city(region, raw));
    await reading.read('consent', readConsent);
  }

  function planClient(
    r: ImportRequest,
    reading: RowReading,
    findClient: ClientFinder,
    lookups: ImportLookups,
    seen: Set<string>,
  ): RowPlan {
    if (reading.failed) return { status: 'error' };
    const v = reading.values;
    const consent = v.consent as 'written' | 'verbal' | 'electronic' | undefined;
    const fields: Record<string, unknown> = {
      nombre: v.nombre ?? '',
      apellido: v.apellido ?? '',
      email: typeof v.email === 'string' ? v.email.toLowerCase() : '',
      telefono: v.telefono ?? '',
      nacimiento: v.nacimiento ?? '',
      sexo: v.sexo,
      direccion: v.direccion ?? '',
      pais_id: v.pais,
      region_id: v.region,
      comuna_id: v.comuna,
      ...(v.rut ? { rut: v.rut } : {}),
    };
    const key = `${String(fields.email)}|${String(v.rut ?? '')}`;
    const match = findClient({ email: fields.email as string, rut: v.rut as string | undefined });
    if (match) {
      // The login e-mail stays: changing it asks its owner (decision 202), never an import.
      const edit: Record<string, unknown> = { ...fields, email: match.email, id_usuario: match.id };
      const same =
        match.nombre === fields.nombre &&
        match.apellido === fields.apellido &&
        (match.telefono ?? '') === fields.telefono &&
        match.nacimiento === fields.nacimiento &&
        match.sexo === fields.sexo &&
        (match.direccion ?? '') === fields.direccion &&
        match.pais_id === fields.pais_id &&
        match.region_id === fields.region_id &&
        match.comuna_id === fields.comuna_id &&
        (v.rut === undefined ||
          (match.rut ?? '') ===
            String(v.rut)
              .replace(/[.\-/\s]/g, '')
              .toUpperCase());
      if (same) return { status: 'skipped' };
      if (match.company_id !== null) edit.company_id = match.company_id;
      return {
        status: 'updated',
        write: async ({ people }) => {
          if (r.dryRun) await people.checkClientEdit({ actorId: r.actor.userId, fields: edit });
          else
            await people.edit({
              actorId: r.actor.userId,
              form: { fields: edit, files: [] },
              ...(r.recordIn ? { recordIn: { change: r.recordIn.updated } } : {}),
            });
        },
      };
    }
    const method = consent ?? (r.attestConsent ? 'written' : undefined);
    if (!method) {
      reading.add('consent', 'import.errors.consentRequired');
      return { status: 'error' };
    }
    // A row the dry run already counted as new: the real run would find it stored and skip it.
    if (r.dryRun && seen.has(key)) return { status: 'skipped' };
    seen.add(key);
    const create = {
      ...fields,
      type: USER_TYPE.client,
      consent_method: method,
      consent_version: CONSENT_TEXT_VERSION,
      consent_lang: r.lang,
      lang: r.lang,
      parent_user_id: r.actor.userId,
    };
    return {
      status: 'created',
      write: async ({ people }) => {
        if (r.dryRun) return people.checkCreate({ actorId: r.actor.userId, fields: create });
        const recordIn = r.recordIn;
        const attested = consent === undefined;
        const recorders: PeopleRecorders | undefined = recordIn && {
          change: async (trx, id) => {
            await recordIn.created(trx, id);
            if (attested) await recordIn.consentAttested(trx, id);
          },
        };
        const { id } = await people.create({
          actorId: r.actor.userId,
          form: { fields: create, files: [] },
          ...(recorders ? { recordIn: recorders } : {}),
        });
        lookups.emailNowHeld(String(fields.email), id);
      },
    };
  }

  async function readEvaluation(r: ImportRequest, reading: RowReading) {
    const columns = columnsByKey('evaluations');
    for (const key of EVALUATION_TEXT_KEYS) await reading.read(key, readText);
    const fecha = await reading.read('fecha', (raw) => readDate(raw, r.lang));
    const type = await reading.read('evaluation_type', readMethod);
    for (const column of columns.values()) {
      if (column.exportOnly) continue;
      if (column.type === 'number')
        await reading.read(column.key, (raw, mapped) => readMeasure(raw, column, mapped.unit));
      else if (column.type === 'integer') await reading.read(column.key, readInteger);
      else if (column.type === 'yes-no') await reading.read(column.key, readYesNo);
    }
    if (type === undefined && !reading.errors.evaluation_type) reading.add('evaluation_type', 'validation.required');
    if (fecha === undefined && !reading.errors.fecha) reading.add('fecha', 'validation.required');
    const v = reading.values;
    if (v.email === undefined && v.rut === undefined) reading.add('row', 'import.errors.clientKeyMissing');
  }

  /** The row's client, day and method once its cells read well: what the batch looks up. */
  function evaluationKey(reading: RowReading, findClient: ClientFinder) {
    const v = reading.values;
    if (reading.failed) return undefined;
    const client = findClient({ email: v.email as string | undefined, rut: v.rut as string | undefined });
    if (!client) {
      reading.add(v.email !== undefined ? 'email' : 'rut', 'import.errors.clientNotFound');
      return undefined;
    }
    return { clientId: client.id, day: v.fecha as string, evaluationType: v.evaluation_type as number };
  }

  function planEvaluation(
    r: ImportRequest,
    reading: RowReading,
    key: ReturnType<typeof evaluationKey>,
    stored: Set<string>,
    seen: Set<string>,
  ): RowPlan {
    if (reading.failed || !key) return { status: 'error' };
    const id = `${key.clientId}|${key.day}|${key.evaluationType}`;
    if (seen.has(id) || stored.has(id)) return { status: 'skipped' };
    seen.add(id);
    const v = reading.values;
    const measures: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(v))
      if (!['rut', 'email', 'fecha', 'evaluation_type', 'temperatura'].includes(field)) measures[field] = value;
    const body = parseWith(createEvaluationBodySchema, {
      ...measures,
      id_evaluado: key.clientId,
      id_evaluador: r.actor.userId,
      evaluation_type: key.evaluationType,
      fecha: key.day,
      ...(v.temperatura !== undefined ? { clinical_data: { temperatura: v.temperatura } } : {}),
    });
    return {
      status: 'created',
      write: async ({ evaluations }) => {
        if (r.dryRun) await evaluations.checkCreate({ actor: r.actor, body });
        else
          await evaluations.create({
            actor: r.actor,
            body,
            cost: deps.config.importCreditCost,
            ...(r.recordIn ? { recordIn: r.recordIn.created } : {}),
          });
      },
    };
  }

  /** A row's plan, or its refusal as errors at its cells. */
  function planned(reading: RowReading, plan: () => RowPlan): RowPlan {
    try {
      return plan();
    } catch (error) {
      reading.addError(error);
      return { status: 'error' };
    }
  }

  return {
    async run(r: ImportRequest): Promise<ImportResponse> {
      const decision = await limits.consume('import', String(r.actor.userId), IMPORT_LIMITS);
      if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
      const table = await readImportFile(r.file);
      const columns = COLUMNS_OF[r.kind];
      const mapped = mapHeaders(table.headers, columns, r.mapping);
      const places = createPlaceResolver(deps.db);
      const lookups = createImportLookups();
      const servicesOver = (db: Kysely<Database>): RowServices => ({
        people: createPeopleService(
          { ...deps, db },
          { lookups: lookups.over(db), parentAssignable: lookups.parentAssignable(db) },
        ),
        evaluations: createEvaluationsService({ ...deps, db }),
      });
      const onDatabase = servicesOver(deps.db);
      const seen = new Set<string>();
      const rows: ImportRow[] = [];
      const totals = { created: 0, updated: 0, skipped: 0, error: 0 };

      const runBatch = async (batch: ReadRow[]) => {
        // First the reads a batch shares: the clients its rows name, their stored evaluations, their e-mails.
        const findClient = await onDatabase.people.findClientsByKeys({
          actorId: r.actor.userId,
          keys: batch.flatMap((row) => (row.clientKey && !row.reading.failed ? [row.clientKey] : [])),
        });
        let plans: RowPlan[];
        if (r.kind === 'clients') {
          await lookups.holdEmails(
            deps.db,
            batch.flatMap((row) => (typeof row.reading.values.email === 'string' ? [row.reading.values.email] : [])),
          );
          plans = batch.map((row) => planned(row.reading, () => planClient(r, row.reading, findClient, lookups, seen)));
        } else {
          const keys = batch.map((row) => evaluationKey(row.reading, findClient));
          const stored = await onDatabase.evaluations.existingOn({
            actor: r.actor,
            keys: keys.filter((k) => k !== undefined),
          });
          plans = batch.map((row, i) =>
            planned(row.reading, () => planEvaluation(r, row.reading, keys[i], stored, seen)),
          );
        }
        // Then the writes (a dry run's checks), each row whole or not at all.
        const writeAll = async (services: RowServices) => {
          for (const [i, plan] of plans.entries()) {
            if (!plan.write) continue;
            try {
              await plan.write(services);
            } catch (error) {
              batch[i]!.reading.addError(error);
              plan.status = 'error';
            }
          }
        };
        if (r.dryRun || !plans.some((p) => p.write)) await writeAll(onDatabase);
        else await deps.db.transaction().execute((trx) => writeAll(servicesOver(trx)));
        // Counted once the batch is committed.
        for (const [i, { index, reading }] of batch.entries()) {
          let status = plans[i]!.status;
          if (status !== 'error' && reading.failed) status = 'error';
          totals[status] += 1;
          rows[index] = { row: index + 2, status, errors: { ...reading.errors } };
        }
      };

      // A batch never holds two rows that could be about the same record (same e-mail, document, or evaluation
      // cells): each row's outcome is what it would be one after another.
      let batch: ReadRow[] = [];
      const batchKeys = new Set<string>();
      for (const [index, cells] of table.rows.entries()) {
        const byKey = new Map<string, { raw: string; column: MappedColumn }>();
        mapped.forEach((column, i) => {
          if (column.key) byKey.set(column.key, { raw: cells[i] ?? '', column });
        });
        const keys = rowKeys(r.kind, byKey);
        if (batch.length >= ROWS_PER_TRANSACTION || keys.some((k) => batchKeys.has(k))) {
          await runBatch(batch);
          batch = [];
          batchKeys.clear();
        }
        for (const k of keys) batchKeys.add(k);
        const reading = new RowReading(byKey, r.lang);
        try {
          if (r.kind === 'clients') await readClient(r, reading, places);
          else await readEvaluation(r, reading);
        } catch (error) {
          reading.addError(error);
        }
        const v = reading.values;
        const clientKey = { email: v.email as string | undefined, rut: v.rut as string | undefined };
        batch.push({ index, reading, ...(clientKey.email || clientKey.rut ? { clientKey } : {}) });
      }
      await runBatch(batch);
      return {
        dry_run: r.dryRun,
        format: table.format,
        columns: mapped.map((c) => ({ header: c.header, key: c.key, unit: c.unit ?? null })),
        fields: columns.filter((c) => !c.exportOnly).map((c) => ({ key: c.key, label: labelOf(c, r.lang) })),
        // The preview is for the dry run the user confirms; a real run answers statuses alone.
        preview: r.dryRun ? table.rows.slice(0, PREVIEW_ROWS) : [],
        rows,
        totals,
      };
    },
  };
}

/**
 * What makes two client rows possibly about the same record: never in one batch, whose clients and e-mails are
 * read before its first row is stored. Evaluation rows create no client: a batch's repeated one is found by its
 * client, day and method once read (`seen`).
 */
function rowKeys(kind: ImportKind, cells: Map<string, { raw: string }>): string[] {
  if (kind === 'evaluations') return [];
  const cell = (key: string) => normaliseText(cells.get(key)?.raw ?? '');
  return [`email:${cell('email')}`, `rut:${cell('rut').replaceAll(' ', '')}`].filter((k) => !k.endsWith(':'));
}

const labelOf = (column: SpreadsheetColumn, lang: Language) =>
  column.unit ? `${column.headers[lang]} (${column.unit})` : column.headers[lang];

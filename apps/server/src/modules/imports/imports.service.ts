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
import { createPlaceResolver } from './import-places.ts';
import type { RecordChange } from '../../lib/audit-route.ts';
import type { Database, Transaction } from '@medida/db';

/** Imports (dry runs included) per account and hour: each may read 10,000 rows. */
const IMPORT_LIMITS = [{ limit: 30, windowMs: HOUR }];
/** Rows checked or stored at the same time (each in its own transaction). */
const ROWS_AT_ONCE = 4;
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

/**
 * POST /web/import/clients and …/evaluations (issue 35, decision 228): each row goes through the same service as
 * the forms (people.create and edit, evaluations.create: validation, scope, consent, credits, audit and the
 * engine), one transaction per row; a dry run checks each row the same way and stores nothing.
 */
export function createImportsService(deps: AppDeps & { storage: BlobStorage }) {
  const people = createPeopleService(deps);
  const evaluations = createEvaluationsService(deps);
  const limits = createRateLimitsService(deps);
  const columnsByKey = (kind: ImportKind) => new Map(COLUMNS_OF[kind].map((c) => [c.key, c]));

  async function clientRow(
    r: ImportRequest,
    reading: RowReading,
    places: ReturnType<typeof createPlaceResolver>,
    seen: Set<string>,
  ): Promise<ImportRow['status']> {
    for (const key of CLIENT_TEXT) await reading.read(key, readText);
    await reading.read('nacimiento', (raw) => readDate(raw, r.lang));
    await reading.read('sexo', readSex);
    const pais = await reading.read('pais', (raw) => places.country(raw));
    const region = pais === undefined ? undefined : await reading.read('region', (raw) => places.region(pais, raw));
    if (region !== undefined) await reading.read('comuna', (raw) => places.city(region, raw));
    const consent = await reading.read('consent', readConsent);
    if (reading.failed) return 'error';

    const v = reading.values;
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
    const match = await people.findClientByKey({
      actorId: r.actor.userId,
      email: fields.email as string,
      rut: v.rut as string | undefined,
    });
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
      if (same) return 'skipped';
      if (match.company_id !== null) edit.company_id = match.company_id;
      if (r.dryRun) await people.checkClientEdit({ actorId: r.actor.userId, fields: edit });
      else
        await people.edit({
          actorId: r.actor.userId,
          form: { fields: edit, files: [] },
          ...(r.recordIn ? { recordIn: { change: r.recordIn.updated } } : {}),
        });
      return 'updated';
    }
    const method = consent ?? (r.attestConsent ? 'written' : undefined);
    if (!method) {
      reading.add('consent', 'import.errors.consentRequired');
      return 'error';
    }
    // A row the dry run already counted as new: the real run would find it stored and skip it.
    if (r.dryRun && seen.has(key)) return 'skipped';
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
    if (r.dryRun) await people.checkCreate({ actorId: r.actor.userId, fields: create });
    else {
      const recordIn = r.recordIn;
      const attested = consent === undefined;
      const recorders: PeopleRecorders | undefined = recordIn && {
        change: async (trx, id) => {
          await recordIn.created(trx, id);
          if (attested) await recordIn.consentAttested(trx, id);
        },
      };
      await people.create({
        actorId: r.actor.userId,
        form: { fields: create, files: [] },
        ...(recorders ? { recordIn: recorders } : {}),
      });
    }
    return 'created';
  }

  async function evaluationRow(r: ImportRequest, reading: RowReading, seen: Set<string>): Promise<ImportRow['status']> {
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
    if (reading.failed || type === undefined || fecha === undefined) return 'error';

    const client = await people.findClientByKey({
      actorId: r.actor.userId,
      email: v.email as string | undefined,
      rut: v.rut as string | undefined,
    });
    if (!client) {
      reading.add(v.email !== undefined ? 'email' : 'rut', 'import.errors.clientNotFound');
      return 'error';
    }
    const key = `${client.id}|${fecha}|${type}`;
    if (seen.has(key)) return 'skipped';
    seen.add(key);
    if (await evaluations.existsOn({ actor: r.actor, clientId: client.id, day: fecha, evaluationType: type }))
      return 'skipped';

    const measures: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(v))
      if (!['rut', 'email', 'fecha', 'evaluation_type', 'temperatura'].includes(field)) measures[field] = value;
    const body = parseWith(createEvaluationBodySchema, {
      ...measures,
      id_evaluado: client.id,
      id_evaluador: r.actor.userId,
      evaluation_type: type,
      fecha,
      ...(v.temperatura !== undefined ? { clinical_data: { temperatura: v.temperatura } } : {}),
    });
    if (r.dryRun) await evaluations.checkCreate({ actor: r.actor, body });
    else
      await evaluations.create({
        actor: r.actor,
        body,
        cost: deps.config.importCreditCost,
        ...(r.recordIn ? { recordIn: r.recordIn.created } : {}),
      });
    return 'created';
  }

  return {
    async run(r: ImportRequest): Promise<ImportResponse> {
      const decision = await limits.consume('import', String(r.actor.userId), IMPORT_LIMITS);
      if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
      const table = await readImportFile(r.file);
      const columns = COLUMNS_OF[r.kind];
      const mapped = mapHeaders(table.headers, columns, r.mapping);
      const places = createPlaceResolver(deps.db);
      const seen = new Set<string>();
      const rows: ImportRow[] = [];
      const totals = { created: 0, updated: 0, skipped: 0, error: 0 };
      const runRow = async (index: number, byKey: Map<string, { raw: string; column: MappedColumn }>) => {
        const reading = new RowReading(byKey, r.lang);
        let status: ImportRow['status'];
        try {
          status =
            r.kind === 'clients' ? await clientRow(r, reading, places, seen) : await evaluationRow(r, reading, seen);
        } catch (error) {
          reading.addError(error);
          status = 'error';
        }
        if (status !== 'error' && reading.failed) status = 'error';
        totals[status] += 1;
        rows[index] = { row: index + 2, status, errors: { ...reading.errors } };
      };
      // A few rows at a time, never two that could be about the same record (same e-mail, document, or evaluation
      // cells): each row's outcome is what it would be one after another, in less time.
      let batch: Promise<void>[] = [];
      const batchKeys = new Set<string>();
      for (const [index, cells] of table.rows.entries()) {
        const byKey = new Map<string, { raw: string; column: MappedColumn }>();
        mapped.forEach((column, i) => {
          if (column.key) byKey.set(column.key, { raw: cells[i] ?? '', column });
        });
        const keys = rowKeys(r.kind, byKey);
        if (batch.length >= ROWS_AT_ONCE || keys.some((k) => batchKeys.has(k))) {
          await Promise.all(batch);
          batch = [];
          batchKeys.clear();
        }
        for (const k of keys) batchKeys.add(k);
        batch.push(runRow(index, byKey));
      }
      await Promise.all(batch);
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

/** What makes two rows possibly about the same record: they never run at the same time. */
function rowKeys(kind: ImportKind, cells: Map<string, { raw: string }>): string[] {
  const cell = (key: string) => normaliseText(cells.get(key)?.raw ?? '');
  const id = [`email:${cell('email')}`, `rut:${cell('rut').replaceAll(' ', '')}`].filter((k) => !k.endsWith(':'));
  // An evaluation's client may be named by e-mail in one row and by document in another: the day and method too.
  return kind === 'clients' ? id : [...id, `day:${cell('fecha')}|${cell('evaluation_type')}`];
}

const labelOf = (column: SpreadsheetColumn, lang: Language) =>
  column.unit ? `${column.headers[lang]} (${column.unit})` : column.headers[lang];

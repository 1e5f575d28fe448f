import type { Language, ManagedUser } from '@medida/contracts';
import { methodName } from '@medida/domain';
import { tooManyRequests } from '../../lib/app-error.ts';
import { HOUR, MINUTE } from '../../lib/clock.ts';
import { translate } from '../../lib/i18n.ts';
import { CONTENT_TYPES, spreadsheetStream, type Cell, type SpreadsheetFormat } from '../../lib/spreadsheet-write.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { createConsentService } from '../consent/consent.service.ts';
import type { EvaluationExportRow } from '../evaluations/evaluations.mapper.ts';
import { createEvaluationsService, type EvaluationListFilters } from '../evaluations/evaluations.service.ts';
import { createPeopleService } from '../people/people.service.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';
import { RESULT_COLUMNS, resultHeaderOf } from './result-columns.ts';
import {
  CHOICE_TEXTS,
  CLIENT_COLUMNS,
  EVALUATION_COLUMNS,
  headerOf,
  type ClientColumnKey,
  type SpreadsheetColumn,
} from './spreadsheet-columns.ts';

/** As many as report downloads (reports.service.ts), for every list together: each carries many clients' data. */
const LIST_EXPORT_LIMITS = [
  { limit: 30, windowMs: MINUTE },
  { limit: 300, windowMs: HOUR },
];

/** Rows read per query while the file is written. */
const PAGE = 500;

const text = (value: string | null | undefined): Cell => (value ? { text: value } : null);
const day = (value: string | null | undefined): Cell => (value ? { day: value.slice(0, 10) } : null);

/** A stored code (sex, yes/no, consent) written as the reader's word for it; an unknown code as it is stored. */
function choice(type: 'sex' | 'yes-no' | 'consent', code: string | null | undefined, lang: Language): Cell {
  if (!code) return null;
  const texts: Record<string, Record<Language, string>> = CHOICE_TEXTS[type];
  return { text: texts[code]?.[lang] ?? code };
}

/** A value of a column typed by the shared definitions: text, number, day or a translated choice. */
function cellOf(column: SpreadsheetColumn, value: unknown, lang: Language): Cell {
  if (value === null || value === undefined || value === '') return null;
  switch (column.type) {
    case 'number':
    case 'integer':
      return typeof value === 'number' ? { number: value } : null;
    case 'date':
      return day(String(value));
    case 'sex':
    case 'yes-no':
    case 'consent':
      return choice(column.type, String(value), lang);
    case 'method': {
      const methods: Record<string, Record<Language, string>> = CHOICE_TEXTS.method;
      return { text: methods[String(value)]?.[lang] ?? methodName(Number(value), lang) };
    }
    case 'text':
    case 'email':
    case 'place':
      return text(String(value));
  }
}

function clientValue(client: ManagedUser, key: ClientColumnKey, consent: string | undefined): unknown {
  const p = client.profile;
  switch (key) {
    case 'consent':
      return consent;
    case 'created_at':
      return client.created_at;
    default:
      return p[key];
  }
}

function evaluationValue(row: EvaluationExportRow, key: string): unknown {
  switch (key) {
    case 'rut':
    case 'email':
    case 'nombre':
    case 'apellido':
      return row.client[key];
    case 'temperatura':
      return row.inputs.clinical_data.temperatura;
    default:
      return (row.inputs as Record<string, unknown>)[key];
  }
}

const stamp = (deps: Pick<AppDeps, 'clock'>) => deps.clock.now().toISOString().slice(0, 10);

/**
 * The lists as spreadsheets (issue 35 item 5, decision 227): the client list and the evaluation list (with the list's
 * filters, one client's, or a client's own in the portal), as CSV or XLSX in the reader's language, streamed while
 * the rows are read a page at a time. Headers and coded values are the shared columns' (spreadsheet-columns.ts), so
 * a file imports back; every list is the one the acting user's screen shows, and only that.
 */
export function createListExportService(deps: AppDeps) {
  const people = createPeopleService(deps);
  const evaluations = createEvaluationsService(deps);
  const consent = createConsentService(deps);
  const limits = createRateLimitsService(deps);

  async function consume(actorId: number) {
    const decision = await limits.consume('list-export', String(actorId), LIST_EXPORT_LIMITS);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
  }

  const file = (a: { format: SpreadsheetFormat; lang: Language }, base: string, stream: NodeJS.ReadableStream) => ({
    fileName: `${base}-${stamp(deps)}.${a.format}`,
    contentType: CONTENT_TYPES[a.format],
    stream,
  });

  return {
    /** The acting professional's clients (its client list's query, page by page, in the list's order). */
    async clients(a: { actorId: number; lang: Language; format: SpreadsheetFormat; search?: string | undefined }) {
      await consume(a.actorId);
      const page = (skip: number) =>
        people.listClients({ actorId: a.actorId, parentId: a.actorId, limit: PAGE, skip, search: a.search });
      // The first page before the answer starts: a refusal is still an error answer, not a cut file.
      const first = await page(0);
      async function* rows() {
        let clients = first.clients;
        for (let read = 0; clients.length > 0;) {
          const methods = await consent.liveMethodsOf(clients.map((c) => c.id_usuario));
          for (const client of clients) {
            const method = methods.get(client.id_usuario);
            yield CLIENT_COLUMNS.map((c) => cellOf(c, clientValue(client, c.key, method), a.lang));
          }
          read += clients.length;
          if (read >= first.total) return;
          clients = (await page(read)).clients;
        }
      }
      const stream = spreadsheetStream({
        format: a.format,
        lang: a.lang,
        sheetName: translate(a.lang, 'clientList.sheetName'),
        header: CLIENT_COLUMNS.map((c) => headerOf(c, a.lang)),
        rows: rows(),
      });
      return file(a, translate(a.lang, 'clientList.fileName'), stream);
    },

    /** The evaluation list in the actor's scope with its filters (one client's with `clientId`; a client its own). */
    async evaluations(a: {
      actor: Actor;
      lang: Language;
      format: SpreadsheetFormat;
      filters: EvaluationListFilters;
      scopeUserId?: number | undefined;
    }) {
      await consume(a.actor.userId);
      const pages = await evaluations.exportPages({
        actor: a.actor,
        filters: a.filters,
        scopeUserId: a.scopeUserId,
        pageSize: PAGE,
      });
      async function* rows() {
        for await (const page of pages)
          for (const row of page)
            yield [
              ...EVALUATION_COLUMNS.map((c) => cellOf(c, evaluationValue(row, c.key), a.lang)),
              ...RESULT_COLUMNS.map((c) => c.value(row.results, a.lang)),
            ];
      }
      const stream = spreadsheetStream({
        format: a.format,
        lang: a.lang,
        sheetName: translate(a.lang, 'evaluationList.sheetName'),
        header: [
          ...EVALUATION_COLUMNS.map((c) => headerOf(c, a.lang)),
          ...RESULT_COLUMNS.map((c) => resultHeaderOf(c, a.lang)),
        ],
        rows: rows(),
      });
      return file(a, translate(a.lang, 'evaluationList.fileName'), stream);
    },
  };
}

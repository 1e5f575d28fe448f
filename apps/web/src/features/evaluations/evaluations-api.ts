import {
  type ListExportFormat,
  evaluationListingResponseSchema,
  evaluationMessageResponseSchema,
  evaluationReportPath,
  getEvaluationResponseSchema,
  listEvaluationsResponseSchema,
  saveEvaluationResponseSchema,
  sendEvaluationResponseSchema,
  type CreateEvaluationBody,
  type EditEvaluationBody,
  type EvaluationDetail,
  type Language,
  type SendEvaluationBody,
  USER_TYPE,
  type UserType,
} from '@medida/contracts';
import { apiDownload, apiRequest } from '../../lib/api.ts';

// Typed wrappers over the /web evaluation endpoints (shapes in packages/contracts/src/evaluations.ts).

/** What the send dialog starts from: the evaluation and its client's address and (when known) language. */
export interface SendTarget {
  id: number;
  email: string;
  /** Unknown in the list: the server then uses the client's language. */
  lang?: Language | undefined;
}

export interface EvaluationListFilters {
  nombre: string;
  apellido: string;
  email: string;
  rut: string;
  /** Company id as text (Select value), '' for any. */
  company: string;
}

export interface EvaluationListQuery {
  userId: number;
  userType: UserType;
  page: number;
  limit: number;
  filters: EvaluationListFilters;
  /** Only this client's evaluations (id_evaluado). */
  clientId?: number;
  /** The previous page's `next_cursor`: the server continues after it instead of skipping rows. */
  cursor?: string | undefined;
}

const orUndefined = (text: string) => text.trim() || undefined;

export const fetchEvaluations = (q: EvaluationListQuery, signal?: AbortSignal) =>
  apiRequest('/web/listaevaluaciones', {
    query: {
      type: q.userType,
      page: q.page,
      limit: q.limit,
      id_usuario: q.userId,
      filter_nombre: orUndefined(q.filters.nombre),
      filter_apellido: orUndefined(q.filters.apellido),
      filter_email: orUndefined(q.filters.email),
      filter_rut: orUndefined(q.filters.rut),
      filter_company: orUndefined(q.filters.company),
      id_evaluado: q.clientId,
      cursor: q.cursor,
    },
    schema: listEvaluationsResponseSchema,
    signal,
  });

/**
 * The list as CSV or XLSX with the list's filters, or one client's (decision 227); a client gets its own. Every
 * matching row, in the request's language.
 */
export const downloadEvaluationList = (
  q: { filters?: EvaluationListFilters | undefined; clientId?: number | undefined },
  format: ListExportFormat,
) =>
  apiDownload('/web/evaluation-list/export', {
    query: {
      format,
      filter_nombre: orUndefined(q.filters?.nombre ?? ''),
      filter_apellido: orUndefined(q.filters?.apellido ?? ''),
      filter_email: orUndefined(q.filters?.email ?? ''),
      filter_rut: orUndefined(q.filters?.rut ?? ''),
      filter_company: orUndefined(q.filters?.company ?? ''),
      id_evaluado: q.clientId,
    },
  });

/** The wizard's client search (spec §7: type 2 and a search term). */
export const searchEvaluationClients = (parentId: number, search: string, signal?: AbortSignal) =>
  apiRequest('/web/evaluationListing', {
    query: { type: USER_TYPE.client, search: search.trim() || undefined, parent_user_id: parentId },
    schema: evaluationListingResponseSchema,
    signal,
  }).then((res) => res.lista);

/** Inputs and results come back as the engine's own types (read by the contract's stored-version schemas). */
export const fetchEvaluation = (id: number, signal?: AbortSignal, version?: number): Promise<EvaluationDetail> =>
  apiRequest('/web/getevaluacion', {
    query: { evaluationID: id, version },
    schema: getEvaluationResponseSchema,
    signal,
  }).then((res) => res.data);

export const createEvaluation = (body: CreateEvaluationBody) =>
  apiRequest('/web/ingresaevaluacion', { method: 'POST', body, schema: saveEvaluationResponseSchema });

/** Saves version n+1 of an evaluation (the earlier versions stay readable). */
export const editEvaluation = (body: EditEvaluationBody) =>
  apiRequest('/web/editEvaluation', { method: 'POST', body, schema: saveEvaluationResponseSchema });

export const deleteEvaluation = (id: number) =>
  apiRequest('/web/eliminaevaluacion', {
    method: 'POST',
    body: { evaluationID: id },
    schema: evaluationMessageResponseSchema,
  });

/**
 * The server e-mails the encrypted PDF (to the client or `to`, with an optional message, in `lang` or the
 * client's language) and answers the one-time password to give the client in person.
 */
export const sendEvaluation = (body: SendEvaluationBody) =>
  apiRequest('/web/enviarevalua', { method: 'POST', body, schema: sendEvaluationResponseSchema });

/** The PDF travels with the bearer header as a blob; the token never goes into a URL. */
export const downloadEvaluationReport = (id: number, lang?: Language) =>
  apiDownload(lang ? `${evaluationReportPath(id)}?lang=${lang}` : evaluationReportPath(id));

import {
  citiesResponseSchema,
  createUserResponseSchema,
  editUserResponseSchema,
  getCompaniesResponseSchema,
  getManagedUserResponseSchema,
  getMyClientsResponseSchema,
  getMyEvaluatorsResponseSchema,
  handoverReceiversResponseSchema,
  handoverResponseSchema,
  messageSchema,
  statesResponseSchema,
  USER_TYPE,
  type HandoverBody,
} from '@medida/contracts';
import { apiDownload, apiRequest } from '../../lib/api.ts';

// Typed wrappers over the /web people endpoints (shapes in packages/contracts/src/people.ts).

export interface ClientsPageQuery {
  parentId: number;
  limit: number;
  skip: number;
  search: string;
}

export const fetchClients = (q: ClientsPageQuery, signal?: AbortSignal) =>
  apiRequest('/web/getMyClients', {
    query: {
      type: USER_TYPE.client,
      parent_user_id: q.parentId,
      limit: q.limit,
      skip: q.skip,
      search: q.search.trim() || undefined,
    },
    schema: getMyClientsResponseSchema,
    signal,
  });

export const fetchEvaluators = (parentId: number, signal?: AbortSignal) =>
  apiRequest('/web/getMyEvaluators', {
    query: { parent_user_id: parentId },
    schema: getMyEvaluatorsResponseSchema,
    signal,
  });

export const fetchManagedUser = (id: number, signal?: AbortSignal) =>
  apiRequest('/web/usuario', { query: { id_usuario: id }, schema: getManagedUserResponseSchema, signal }).then(
    (res) => res.data,
  );

/** JSON for a network user or a client without files; FormData (multipart) when files travel. */
export const createUser = (body: object | FormData) =>
  apiRequest('/web/create_user', { method: 'POST', body, schema: createUserResponseSchema });

export const editUser = (body: object | FormData) =>
  apiRequest('/web/editaperfil', { method: 'POST', body, schema: editUserResponseSchema });

/** Ask a person who chose its own password to change its login e-mail: a mail to its current address (decision 202). */
export const askEmailChange = (id: number, email: string) =>
  apiRequest(`/web/people/${id}/email-change-request`, { method: 'POST', body: { email }, schema: messageSchema });

export const deleteUser = (id: number) =>
  apiRequest('/web/eliminausuario', { method: 'POST', body: { id_usuario: id }, schema: messageSchema });

export const fetchCompanies = (signal?: AbortSignal) =>
  apiRequest('/web/getCompanies', { schema: getCompaniesResponseSchema, signal });

export const fetchStates = (countryId: number, signal?: AbortSignal) =>
  apiRequest('/web/states', { query: { country_id: countryId }, schema: statesResponseSchema, signal });
export const fetchCities = (stateId: number, signal?: AbortSignal) =>
  apiRequest('/web/cities', { query: { state_id: stateId }, schema: citiesResponseSchema, signal });

/** Attachments need the bearer header, so they are fetched as a blob (never a token in a URL). */
export const downloadAttachment = (filePath: string) => apiDownload(filePath);

/** GET /web/handover/receivers: whom this professional may hand people over to (decision 117). */
export const fetchHandoverReceivers = (signal?: AbortSignal) =>
  apiRequest('/web/handover/receivers', { schema: handoverReceiversResponseSchema, signal });

/** POST /web/handover: the chosen clients and network professionals, or everyone, to one receiver. */
export const handOver = (body: HandoverBody) =>
  apiRequest('/web/handover', { method: 'POST', body, schema: handoverResponseSchema });

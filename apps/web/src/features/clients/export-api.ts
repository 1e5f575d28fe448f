import { exportJobResponseSchema, type ListExportFormat } from '@medida/contracts';
import { apiDownload, apiRequest } from '../../lib/api.ts';

/** The client's data export (decision 145): start a job, poll its progress, download the ZIP. */
export const startClientExport = (clientId: number) =>
  apiRequest(`/web/clients/${clientId}/export`, { method: 'POST', schema: exportJobResponseSchema });

export const fetchExportJob = (jobId: string, signal?: AbortSignal) =>
  apiRequest(`/web/exports/${jobId}`, { schema: exportJobResponseSchema, signal });

export const downloadExport = (jobId: string) => apiDownload(`/web/exports/${jobId}/download`);

/** The client list as CSV or XLSX (decisions 191, 227): the clients the list shows, in the request's language. */
export const downloadClientList = (search: string, format: ListExportFormat) =>
  apiDownload('/web/client-list/export', { query: { format, search: search || undefined } });

/** The client's data as a FHIR R4 Bundle (issue 35, decision 226), for the client's professionals and the client. */
export const downloadClientFhir = (clientId: number) => apiDownload(`/web/clients/${clientId}/fhir`);

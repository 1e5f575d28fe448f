import { exportJobResponseSchema } from '@medida/contracts';
import { apiDownload, apiRequest } from '../../lib/api.ts';

/** The client's data export (decision 145): start a job, poll its progress, download the ZIP. */
export const startClientExport = (clientId: number) =>
  apiRequest(`/web/clients/${clientId}/export`, { method: 'POST', schema: exportJobResponseSchema });

export const fetchExportJob = (jobId: string, signal?: AbortSignal) =>
  apiRequest(`/web/exports/${jobId}`, { schema: exportJobResponseSchema, signal });

export const downloadExport = (jobId: string) => apiDownload(`/web/exports/${jobId}/download`);

/** The client list as CSV (decision 191): the clients the list shows, in the language the request carries. */
export const downloadClientList = (search: string) =>
  apiDownload(search ? `/web/clients.csv?search=${encodeURIComponent(search)}` : '/web/clients.csv');

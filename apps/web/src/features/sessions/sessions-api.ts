import { endOtherSessionsResponseSchema, sessionsResponseSchema } from '@medida/contracts';
import { z } from 'zod';
import { apiRequest } from '../../lib/api.ts';

export const activeSessionKeys = { all: ['sessions'] as const };

export const fetchSessions = (signal?: AbortSignal) =>
  apiRequest('/web/sessions', { schema: sessionsResponseSchema, signal });

export const endSession = (id: string) =>
  apiRequest(`/web/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.object({}).passthrough() });

export const endOtherSessions = () =>
  apiRequest('/web/sessions', { method: 'DELETE', schema: endOtherSessionsResponseSchema });

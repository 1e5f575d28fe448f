import { changeCreditsResponseSchema, creditsSummaryResponseSchema } from '@medida/contracts';
import { apiRequest } from '../../lib/api.ts';

/** POST /web/cambiacreditosnew: sets a direct child's balance; the difference moves from or back to the parent. */
export const changeCredits = (body: { user_id: number; id_usuario: number; creditos: number }) =>
  apiRequest('/web/cambiacreditosnew', { method: 'POST', body, schema: changeCreditsResponseSchema });

/** GET /web/creditos: the professional's balance and what a new evaluation costs. */
export const fetchCreditsSummary = (signal?: AbortSignal) =>
  apiRequest('/web/creditos', { schema: creditsSummaryResponseSchema, signal });

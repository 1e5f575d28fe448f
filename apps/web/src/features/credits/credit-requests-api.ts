import { creditRequestResponseSchema, ownCreditRequestsResponseSchema } from '@medida/contracts';
import { apiRequest } from '../../lib/api.ts';

export const creditRequestsKey = ['credits', 'requests'] as const;

/** GET /web/credit-requests: the packs on offer (prices in the operator's currency) and the account's requests. */
export const fetchOwnCreditRequests = (signal?: AbortSignal) =>
  apiRequest('/web/credit-requests', { schema: ownCreditRequestsResponseSchema, signal });

/**
 * POST /web/credit-requests: asks the Medida team for credits (decision 229). Its refusals (not the top of the
 * account, three requests already waiting) are the form's errors, not the end of the session.
 */
export const askForCredits = (body: { credits: number; note?: string }) =>
  apiRequest('/web/credit-requests', {
    method: 'POST',
    body,
    schema: creditRequestResponseSchema,
    endsSessionOnAuthError: false,
  });

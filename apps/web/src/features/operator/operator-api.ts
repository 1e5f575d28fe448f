import {
  operatorAccountDetailResponseSchema,
  operatorAccountResponseSchema,
  operatorAccountsResponseSchema,
  operatorAuditResponseSchema,
  operatorRequestResponseSchema,
  operatorRequestsResponseSchema,
  type CreditRequest,
} from '@medida/contracts';
import { apiRequest } from '../../lib/api.ts';

// The operator's console (decision 229): only an operator whose session passed a second factor gets answers.

type Page = { limit: number; skip: number };

export const operatorKeys = {
  all: ['operator'] as const,
  accounts: (q: string, page: Page) => ['operator', 'accounts', q, page] as const,
  account: (id: number) => ['operator', 'account', id] as const,
  requests: (state: CreditRequest['state'] | undefined, page: Page) => ['operator', 'requests', state, page] as const,
  audit: (page: Page) => ['operator', 'audit', page] as const,
};

export const fetchAccounts = (q: string, page: Page, signal?: AbortSignal) =>
  apiRequest('/web/operator/accounts', {
    query: { q: q || undefined, ...page },
    schema: operatorAccountsResponseSchema,
    signal,
  });

export const fetchAccount = (id: number, signal?: AbortSignal) =>
  apiRequest(`/web/operator/accounts/${id}`, { schema: operatorAccountDetailResponseSchema, signal });

export const fetchRequests = (state: CreditRequest['state'] | undefined, page: Page, signal?: AbortSignal) =>
  apiRequest('/web/operator/credit-requests', {
    query: { state, ...page },
    schema: operatorRequestsResponseSchema,
    signal,
  });

export const fetchAudit = (page: Page, signal?: AbortSignal) =>
  apiRequest('/web/operator/audit', { query: page, schema: operatorAuditResponseSchema, signal });

/** Grants or declines a waiting request once; "already decided" (409) is the dialog's error. */
export const decideRequest = (a: { id: number; decision: 'grant' | 'decline'; note: string }) =>
  apiRequest(`/web/operator/credit-requests/${a.id}/${a.decision}`, {
    method: 'POST',
    body: a.note ? { note: a.note } : {},
    schema: operatorRequestResponseSchema,
  });

/** A grant without a request: the note says why. */
export const grantCredits = (a: { accountId: number; credits: number; note: string }) =>
  apiRequest(`/web/operator/accounts/${a.accountId}/grant`, {
    method: 'POST',
    body: { credits: a.credits, note: a.note },
    schema: operatorAccountResponseSchema,
  });

export const setSuspended = (a: { accountId: number; suspended: boolean }) =>
  apiRequest(`/web/operator/accounts/${a.accountId}/${a.suspended ? 'suspend' : 'reactivate'}`, {
    method: 'POST',
    body: {},
    schema: operatorAccountResponseSchema,
  });

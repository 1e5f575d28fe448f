import { z } from 'zod';
import { digitsSchema, documentedInteger, queryIdSchema } from './common.ts';
import { MAX_GRANT } from './credits.ts';

// Issue 36 (decisions 229, 230): credit requests (a top-level professional asks the operator for credits) and the
// operator's console. No answer here carries a client's health data: accounts, users, balances, ledgers, requests.

const noteSchema = z.string().trim().max(500, { error: 'validation.tooLong' });
const creditsAmountSchema = z
  .number({ error: 'validation.integer' })
  .int({ error: 'validation.integer' })
  .min(1, { error: 'validation.min' })
  .max(MAX_GRANT, { error: 'validation.max' });

/** A pack the operator sells: credits at a price in the operator's currency (CREDIT_PACKS, CREDIT_CURRENCY). */
export const creditPackSchema = z.object({ credits: z.number().int(), price: z.number(), currency: z.string() });
export type CreditPack = z.infer<typeof creditPackSchema>;

export const CREDIT_REQUEST_STATES = ['requested', 'granted', 'declined'] as const;
export const creditRequestStateSchema = z.enum(CREDIT_REQUEST_STATES);
export const creditRequestSchema = z.object({
  id: z.number().int(),
  credits: z.number().int(),
  /** The pack's price when asked; null for a free number of credits. */
  price: z.number().nullable(),
  currency: z.string().nullable(),
  note: z.string().nullable(),
  state: creditRequestStateSchema,
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
});
export type CreditRequest = z.infer<typeof creditRequestSchema>;

// GET /web/credit-requests — the packs on offer and the account's requests, newest first.
export const ownCreditRequestsResponseSchema = z.object({
  packs: z.array(creditPackSchema),
  requests: z.array(creditRequestSchema),
});
export type OwnCreditRequests = z.infer<typeof ownCreditRequestsResponseSchema>;

// POST /web/credit-requests — a number of credits (a pack's, or any other) and a note for the operator.
export const newCreditRequestBodySchema = z.strictObject({ credits: creditsAmountSchema, note: noteSchema.optional() });
export const creditRequestResponseSchema = z.object({ request: creditRequestSchema });

// ---- the operator's console (/web/operator/…) ------------------------------------------------------------------

const pageQuery = {
  limit: digitsSchema().pipe(z.number().min(1).max(100)).meta(documentedInteger(1, 100)).default(20),
  skip: digitsSchema().default(0),
};
export const operatorParamsSchema = z.strictObject({ id: queryIdSchema });

/** An account (its root professional) as the console lists it: metadata and counts, never its clients' data. */
export const operatorAccountSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  apellido: z.string(),
  email: z.string(),
  lang: z.string(),
  creditos: z.number().int(),
  users: z.number().int(),
  evaluations_this_month: z.number().int(),
  last_sign_in_at: z.string().nullable(),
  suspended_at: z.string().nullable(),
  created_at: z.string(),
});
export type OperatorAccount = z.infer<typeof operatorAccountSchema>;

// GET /web/operator/accounts?q=&limit=&skip= — searched by name or e-mail, newest first.
export const operatorAccountsQuerySchema = z.strictObject({
  q: z.string().trim().max(120, { error: 'validation.tooLong' }).optional(),
  ...pageQuery,
});
export const operatorAccountsResponseSchema = z.object({
  accounts: z.array(operatorAccountSchema),
  total: z.number().int(),
});

export const operatorAccountUserSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  apellido: z.string(),
  email: z.string(),
  role: z.enum(['professional', 'client']),
  creditos: z.number().int(),
  last_sign_in_at: z.string().nullable(),
});
export const operatorLedgerEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** Positive: credits came into the account (a grant, a transfer in); negative: spent or moved out. */
  amount: z.number().int(),
  kind: z.enum(['grant', 'transfer', 'evaluation']),
  note: z.string().nullable(),
});
export const operatorRequestSchema = creditRequestSchema.extend({
  account: z.object({ id: z.number().int(), nombre: z.string(), apellido: z.string(), email: z.string() }),
  requester_email: z.string(),
});
export type OperatorRequest = z.infer<typeof operatorRequestSchema>;

// GET /web/operator/accounts/:id — the account, its users (professionals and clients: names and sign-ins only),
// its root's ledger (newest 50) and its credit requests.
export const operatorAccountDetailResponseSchema = z.object({
  account: operatorAccountSchema,
  users: z.array(operatorAccountUserSchema),
  ledger: z.array(operatorLedgerEntrySchema),
  requests: z.array(operatorRequestSchema),
});
export type OperatorAccountDetail = z.infer<typeof operatorAccountDetailResponseSchema>;

// GET /web/operator/credit-requests?state=&limit=&skip=
export const operatorRequestsQuerySchema = z.strictObject({
  state: z.enum(CREDIT_REQUEST_STATES, { error: 'validation.invalid' }).optional(),
  ...pageQuery,
});
export const operatorRequestsResponseSchema = z.object({
  requests: z.array(operatorRequestSchema),
  total: z.number().int(),
});

// POST /web/operator/credit-requests/:id/grant | /decline — once, with the operator's note.
export const operatorDecisionBodySchema = z.strictObject({ note: noteSchema.optional() });
export const operatorRequestResponseSchema = z.object({ request: operatorRequestSchema });

// POST /web/operator/accounts/:id/grant — a grant without a request (the note is required: it says why).
export const operatorGrantBodySchema = z.strictObject({
  credits: creditsAmountSchema,
  note: noteSchema.min(1, { error: 'validation.required' }),
});
// The grant and suspension answers: the account as it is now.
export const operatorAccountResponseSchema = z.object({ account: operatorAccountSchema });

// GET /web/operator/audit?account_id=&limit=&skip= — the operators' actions, newest first.
export const OPERATOR_ACTIONS = ['grant_request', 'decline_request', 'grant', 'suspend', 'reactivate'] as const;
export const operatorAuditQuerySchema = z.strictObject({
  account_id: queryIdSchema.optional(),
  ...pageQuery,
});
export const operatorEventSchema = z.object({
  seq: z.number().int(),
  occurred_at: z.string(),
  operator_email: z.string(),
  action: z.enum(OPERATOR_ACTIONS),
  account_id: z.number().int().nullable(),
  request_id: z.number().int().nullable(),
  credits: z.number().int().nullable(),
  note: z.string().nullable(),
});
export type OperatorEvent = z.infer<typeof operatorEventSchema>;
export const operatorAuditResponseSchema = z.object({
  events: z.array(operatorEventSchema),
  total: z.number().int(),
});

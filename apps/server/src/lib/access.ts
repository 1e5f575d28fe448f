import { errorEnvelopeSchema, USER_TYPE } from '@medida/contracts';
import type { FastifyRequest, FastifySchema } from 'fastify';
import type { RequestAuth } from '../types.ts';
import { forbidden, unauthenticated } from './app-error.ts';

/** The session of a protected route's request (plugins/auth sets it before any handler runs). */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** The one professional check (spec §6): anybody else, i.e. a client, gets 403. */
export function requireProfessional(userType: number): void {
  if (userType !== USER_TYPE.professional) throw forbidden();
}

/** Runs before body and query validation: a client gets 403 whatever it sends. */
async function professionalOnly(request: FastifyRequest): Promise<void> {
  requireProfessional(authOf(request).userType);
}

/** Runs before validation: only an operator reaches the console's routes (decision 229). */
async function operatorOnly(request: FastifyRequest): Promise<void> {
  if (!authOf(request).operator) throw forbidden();
}

/**
 * `any` user with a live session, `professional` users only, or `operator`s only (the console, decision 229). An
 * operator is refused by every route that is not `operator` (plugins/auth), but for its own sign-in and enrolment.
 */
export type RouteAccessLevel = 'any' | 'professional' | 'operator';

/**
 * The options of every route behind a bearer token: `config.public: false` (default deny, plugins/auth),
 * the bearer security scheme and the 401 and 403 responses in the docs (see the comment below), and
 * the professional check before validation. Spread it into the route options:
 * `app.get(url, protectedRoute('any', { tags, summary, querystring, response }), handler)`.
 */
export function protectedRoute<S extends FastifySchema & { response: object }>(
  access: RouteAccessLevel,
  schema: S,
  options: {
    duringPasswordChange?: boolean;
    duringSecondFactorEnrolment?: boolean;
    verifiedEmail?: boolean;
    responseCache?: boolean | 'chat';
  } = {},
) {
  // 403: a client on a professional route, a temporary password on any route but its change, a missing second
  // factor on any route but its enrolment, an unconfirmed e-mail where one is required (plugins/auth).
  const refused =
    access !== 'any' ||
    !options.duringPasswordChange ||
    !options.duringSecondFactorEnrolment ||
    options.verifiedEmail === true;
  const denials = refused ? { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema } : { 401: errorEnvelopeSchema };
  return {
    config: {
      public: false,
      ...(options.duringPasswordChange ? { duringPasswordChange: true } : {}),
      ...(options.duringSecondFactorEnrolment ? { duringSecondFactorEnrolment: true } : {}),
      ...(options.verifiedEmail ? { verifiedEmail: true } : {}),
      ...(options.responseCache ? { responseCache: options.responseCache } : {}),
      ...(access === 'operator' ? { operator: true } : {}),
    },
    ...(access === 'professional' ? { preValidation: professionalOnly } : {}),
    ...(access === 'operator' ? { preValidation: operatorOnly } : {}),
    schema: { ...schema, security: [{ bearer: [] }], response: { ...denials, ...schema.response } },
  };
}

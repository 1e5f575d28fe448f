import type { UserType } from '@medida/contracts';
import type { FastifyRequest } from 'fastify';

/** The kinds of object an audited route names, and from which the client is found. */
export type AuditTargetKind = 'client' | 'evaluation' | 'attachment';

/** What is recorded about an access to a client's data: never the data itself (security.md F1, R33). */
type AuditAction =
  | 'read'
  | 'create'
  | 'update'
  | 'delete'
  | 'download'
  | 'email'
  | 'export'
  | 'consent_given'
  | 'consent_withdrawn'
  // A hand-over (decision 117): the giver's chain records it went, the receiver's that it came.
  | 'handed_over'
  | 'received';

export interface AuditTarget {
  kind: AuditTargetKind;
  id: number;
}

/** One access to record (plugins/audit.ts → modules/audit). */
export interface AuditEventInput {
  actorId: number;
  /** From the request's session (no second look-up of the actor). */
  actorType: UserType;
  target: AuditTarget;
  resourceType: string;
  action: AuditAction;
  result: 'success' | 'denied';
  requestId: string | null;
  ip: string | null;
}

/** Declared in a route's config: what the route does to which client's data (decision 142). */
export interface AuditSpec {
  action: AuditAction;
  /** What the trail calls the object: client, evaluation, evaluation_list, report, attachment, consent, export. */
  resource: string;
  /**
   * Where the object's id is; without it, the handler sets `request.auditTarget`. The response body is parsed only
   * for a target that asks for it (a created object's id): most answers are large and their target is in the request.
   */
  target?: (request: FastifyRequest, responseBody: () => unknown) => AuditTarget | undefined;
  /**
   * The handler's service writes the success event inside its own transaction (decision 142), so a change
   * and its event stand or fall together; the onSend hook then writes only the 'denied' events.
   */
  inTransaction?: boolean;
}

/** The event of this request's audited route about one target (plugins/audit.ts and transactionRecorder). */
export function auditEventOf(
  request: FastifyRequest,
  auth: { userId: number; userType: UserType },
  spec: AuditSpec,
  target: AuditTarget,
  result: AuditEventInput['result'],
): AuditEventInput {
  return {
    actorId: auth.userId,
    actorType: auth.userType,
    target,
    resourceType: spec.resource,
    action: spec.action,
    result,
    requestId: request.id,
    ip: request.ip,
  };
}

/** Writes a change's success event inside the service's transaction, right after the write. */
export type RecordChange<Trx> = (trx: Trx, targetId: number) => Promise<unknown>;

/**
 * A request-scoped recorder for a route declared with `inTransaction: true`: the route hands it to its
 * service, which calls it in its transaction (`append` is the audit service's recordInTransaction).
 */
export function transactionRecorder<Trx>(
  request: FastifyRequest,
  kind: AuditTargetKind,
  append: (trx: Trx, event: AuditEventInput) => Promise<unknown>,
  /** For the objects a change adds or removes besides its own (a client's attachments): their action and resource. */
  as?: Pick<AuditSpec, 'action' | 'resource'>,
): RecordChange<Trx> {
  const routeSpec = request.routeOptions.config.audit;
  const auth = request.auth;
  if (!routeSpec?.inTransaction || !auth)
    throw new Error('transactionRecorder: the route must declare audit.inTransaction');
  const spec = { ...routeSpec, ...as };
  return (trx, targetId) => append(trx, auditEventOf(request, auth, spec, { kind, id: targetId }, 'success'));
}

/** Route options (from protectedRoute) with an audit declaration added to their config. */
export function audited<O extends { config: object }>(options: O, audit: AuditSpec): O {
  return { ...options, config: { ...options.config, audit } };
}

/** A positive integer id from a validated or raw value, else undefined. */
function auditId(value: unknown): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** `target` helpers: an id from anywhere (validated or raw), as a target of one kind. */
export const auditTargetOf =
  (kind: AuditTargetKind) =>
  (value: unknown): AuditTarget | undefined => {
    const id = auditId(value);
    return id ? { kind, id } : undefined;
  };
const fieldOf = (source: unknown, name: string) =>
  typeof source === 'object' && source !== null ? (source as Record<string, unknown>)[name] : undefined;
export const bodyField = (request: FastifyRequest, name: string) => fieldOf(request.body, name);
export const queryField = (request: FastifyRequest, name: string) => fieldOf(request.query, name);
export const paramField = (request: FastifyRequest, name: string) => fieldOf(request.params, name);

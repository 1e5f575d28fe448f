import type { AuditEventInput } from '../../lib/audit-route.ts';
import type { AppDeps } from '../../types.ts';
import { createAuditRepository } from './audit.repository.ts';

export function createAuditService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const repo = createAuditRepository(deps.db);
  return {
    /** Appends the event to the chain of the client's account; objects that lead to no client are not client data. */
    record: (event: AuditEventInput): Promise<boolean> =>
      repo.append(event.target, {
        occurred_at: deps.clock.now(),
        actor_id: event.actorId,
        actor_type: event.actorType,
        resource_type: event.resourceType,
        resource_id: String(event.target.id),
        action: event.action,
        result: event.result,
        request_id: event.requestId,
        ip: event.ip,
      }),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

import type { AuditEventInput } from '../../lib/audit-route.ts';
import type { AppDeps } from '../../types.ts';
import { createAuditRepository } from './audit.repository.ts';

export function createAuditService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const repo = createAuditRepository(deps.db);
  return {
    resolveClient: repo.resolveClient,

    /** Appends the event to the chain of the client's account; objects that lead to no client are not client data. */
    async record(event: AuditEventInput): Promise<boolean> {
      const owner = await repo.resolveClient(event.target.kind, event.target.id);
      if (!owner) return false;
      await repo.append({
        account_id: owner.accountId,
        occurred_at: deps.clock.now(),
        actor_id: event.actorId,
        actor_type: event.actorType,
        client_id: owner.clientId,
        resource_type: event.resourceType,
        resource_id: String(event.target.id),
        action: event.action,
        result: event.result,
        request_id: event.requestId,
        ip: event.ip,
      });
      return true;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

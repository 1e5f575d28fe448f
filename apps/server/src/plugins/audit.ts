import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { auditEventOf, type AuditEventInput } from '../lib/audit-route.ts';

export interface AuditPluginOptions {
  /** Appends one event to the trail (injected by buildApp: plugins never import modules). */
  record: (event: AuditEventInput) => Promise<unknown>;
}

/**
 * Writes the audit event of every route that declares `config.audit` (lib/audit-route.ts), before
 * the answer leaves: 2xx is a success, 403/404 on an existing client's object a denied access. If
 * the trail cannot be written the answer is an error (fail closed): no access goes unrecorded.
 */
async function auditPlugin(app: FastifyInstance, options: AuditPluginOptions) {
  app.decorateRequest('auditTarget', null);

  app.addHook('onSend', async (request, reply, payload) => {
    const spec = request.routeOptions.config.audit;
    if (!spec || !request.auth) return payload;
    const status = reply.statusCode;
    const result = status >= 200 && status < 300 ? 'success' : status === 403 || status === 404 ? 'denied' : null;
    // Success events of such routes were written in the change's own transaction (lib/audit-route.ts).
    if (!result || (result === 'success' && spec.inTransaction)) return payload;
    // A held read's event went with its session check (decision 172).
    if (result === 'success' && request.recordedAnswer) return payload;
    const body = () => {
      if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
      try {
        return JSON.parse(payload) as unknown;
      } catch {
        return undefined;
      }
    };
    const target = spec.target ? spec.target(request, body) : (request.auditTarget ?? undefined);
    if (!target) return payload;
    await options.record(auditEventOf(request, request.auth, spec, target, result));
    return payload;
  });
}

export const auditTrail = fp(auditPlugin, { name: 'audit-trail', dependencies: ['auth'] });

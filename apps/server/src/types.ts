import type { Language, UserType } from '@medida/contracts';
import type { Database, Kysely } from '@medida/db';
import type { Config } from './config.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './lib/mailer.ts';
import type { PasswordHasher } from './lib/passwords.ts';
import type { AuditSpec, AuditTarget } from './lib/audit-route.ts';

/** What services need from the outside world; tests swap the clock, the mailer and the database. */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  clock: Clock;
  hasher: PasswordHasher;
  mailer: Mailer;
}

export interface RequestAuth {
  userId: number;
  sessionId: string;
  /** Read with the session on every request, so a changed type takes effect at once. */
  userType: UserType;
}

/** Every declared route and whether it is public: for the default-deny test and audits. */
export interface RouteAccess {
  method: string;
  url: string;
  public: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    routeAccess: readonly RouteAccess[];
  }
  interface FastifyRequest {
    /** Response language from Accept-Language (es, en, pt; es fallback). */
    lang: Language;
    /** Set by the auth plugin on every non-public route. */
    auth: RequestAuth | null;
    /** The client object a handler touched, for routes whose id is only known inside the handler. */
    auditTarget: AuditTarget | null;
  }
  interface FastifyContextConfig {
    /** Every /web route must say `true` or `false`; anything not `true` requires a valid token. */
    public?: boolean;
    /** Accesses to a client's data: recorded in the audit trail (plugins/audit.ts). */
    audit?: AuditSpec;
  }
}

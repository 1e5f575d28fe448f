import type { Language, UserType } from '@medida/contracts';
import type { Database, Kysely, SecondFactorKind } from '@medida/db';
import type { Config } from './config.ts';
import type { Background } from './lib/background.ts';
import type { Clock } from './lib/clock.ts';
import type { JobQueue } from './lib/jobs.ts';
import type { Mailer } from './lib/mailer.ts';
import type { PasswordHasher } from './lib/passwords.ts';
import type { AuditSpec, AuditTarget } from './lib/audit-route.ts';
import type { ResponseStore, StoredResponse } from './lib/response-store.ts';
import type { BlobStorage } from './lib/storage.ts';
import type { InstanceRegistry } from './modules/instances/instances.service.ts';

/** What services need from the outside world; tests swap the clock, the mailer and the database. */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  clock: Clock;
  hasher: PasswordHasher;
  mailer: Mailer;
  /** Work that runs after the response (built by buildApp). */
  background: Background;
  /** Every uploaded file: attachments, avatars (decision 221). */
  storage: BlobStorage;
  /** Queued jobs: pg-boss on a PostgreSQL server, in-process on the embedded database (decision 224). */
  jobs: JobQueue;
  /** This process among the running instances: its id and heartbeat (decisions 222, 231). */
  instance: InstanceRegistry;
}

/**
 * The process's readiness (lib/lifecycle.ts, decision 222): ready until the first shutdown signal, then draining, so
 * `/web/ready` answers 503 at once and a proxy stops sending new requests while the ones on their way finish.
 */
export interface Lifecycle {
  readonly draining: boolean;
  drain(): void;
}

/**
 * Who is acting: read with the session in the auth hook's one query on every request (so a changed type,
 * parent or balance takes effect at once), and handed to services so they never look the actor up again.
 */
export interface Actor {
  userId: number;
  userType: UserType;
  /** The account above (a client's professional, a network professional's parent); null at the top. */
  parentId: number | null;
  /** The credit balance when the request began; charges lock and re-read the row (credits service). */
  credits: number;
}

export interface RequestAuth extends Actor {
  sessionId: string;
  /** `cambia_pass = 1`: a temporary password; only the routes marked `duringPasswordChange` answer (issue 10 item 9). */
  mustChangePassword: boolean;
  /** A self-registered account that has not confirmed its e-mail yet (decision 017). */
  emailVerified: boolean;
  /**
   * The account requires a second factor of its professionals and this session's sign-in used none (decision 208):
   * only the routes marked `duringSecondFactorEnrolment` answer until the user enrols (which upgrades the session).
   */
  secondFactorMissing: boolean;
  /** What this session's sign-in proved besides the password (decision 206); null = the password alone. */
  secondFactor: SecondFactorKind | null;
  /** One of the team's operators (decision 229): only the console's routes and its own sign-in answer it. */
  operator: boolean;
  /** The actor's account (tree root) and its data version when the request began (decision 160). */
  accountId: number;
  dataVersion: number;
  /** The user's chat version when the request began (decision 239): the chat answers' cache key. */
  chatVersion: number;
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
    /** Ready, or draining since a shutdown signal (lib/lifecycle.ts, decision 222). */
    lifecycle: Lifecycle;
    /** The in-process cache of opted-in GET answers (plugins/response-cache.ts, decision 160). */
    responseCache: ResponseStore;
    /** The answer the response cache holds for a request as asked by `auth`'s session (decision 172). */
    heldAnswer: (request: FastifyRequest, auth: RequestAuth) => StoredResponse | undefined;
  }
  interface FastifyRequest {
    /** Response language from Accept-Language (es, en, pt; es fallback). */
    lang: Language;
    /** Set by the auth plugin on every non-public route. */
    auth: RequestAuth | null;
    /** The client object a handler touched, for routes whose id is only known inside the handler. */
    auditTarget: AuditTarget | null;
    /**
     * A held read (decision 172): the answer the response cache held for this request's session, whose audit event
     * the session check has already stored. The response cache sends it; the trail does not record it again.
     */
    recordedAnswer: StoredResponse | null;
  }
  interface FastifyContextConfig {
    /** Every /web route must say `true` or `false`; anything not `true` requires a valid token. */
    public?: boolean;
    /** Answers a session whose password must still be changed (the session user, the change, logout). */
    duringPasswordChange?: boolean;
    /** Answers a session that must enrol a second factor first (the session user, the enrolment, logout; decision 208). */
    duringSecondFactorEnrolment?: boolean;
    /** A route of the operator's console (decision 229): the only kind, with its own sign-in's, an operator may call. */
    operator?: boolean;
    /** Refused (403 errors.emailNotVerified) until the account has confirmed its e-mail (decision 017). */
    verifiedEmail?: boolean;
    /** Accesses to a client's data: recorded in the audit trail (plugins/audit.ts). */
    audit?: AuditSpec;
    /**
     * A GET whose 200 answer is a function of the actor, the query, the language, the day and the account's
     * data version (every table it reads is tracked by migration 0023): served from memory when repeated.
     * `'chat'`: a read (GET or POST) of the actor's chat, a function of the same and of the user's chat version
     * (decision 239), the request body included.
     */
    responseCache?: boolean | 'chat';
  }
}

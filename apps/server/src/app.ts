import websocket from '@fastify/websocket';
import { CHAT_CLOSE, CHAT_WS_PROTOCOL, ErrorCode } from '@medida/contracts';
import type { DbHandle } from '@medida/db';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { AppError } from './lib/app-error.ts';
import { createBackground } from './lib/background.ts';
import { createLifecycle, drainWork } from './lib/lifecycle.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './lib/json-depth.ts';
import type { Clock } from './lib/clock.ts';
import { createJobQueue, type JobQueue } from './lib/jobs.ts';
import type { Mailer } from './lib/mailer.ts';
import type { PasswordHasher } from './lib/passwords.ts';
import { queuedMailer } from './lib/queued-mailer.ts';
import { serverKey } from './lib/server-keys.ts';
import type { BlobStorage } from './lib/storage.ts';
import { createBlobStorage } from './modules/blobs/blobs.service.ts';
import { createInstanceRegistry } from './modules/instances/instances.service.ts';
import { attachmentsRoutes } from './modules/attachments/attachments.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { avatarsRoutes } from './modules/avatars/avatars.routes.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { consentRoutes } from './modules/consent/consent.routes.ts';
import { portalRoutes } from './modules/portal/portal.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { handoverRoutes } from './modules/handover/handover.routes.ts';
import { chartsRoutes } from './modules/charts/charts.routes.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { countriesRoutes } from './modules/countries/countries.routes.ts';
import { creditsRoutes } from './modules/credits/credits.routes.ts';
import { creditRequestsRoutes } from './modules/credit-requests/credit-requests.routes.ts';
import { operatorRoutes } from './modules/operator/operator.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { emailChangeRoutes } from './modules/email-change/email-change.routes.ts';
import { lockoutRoutes } from './modules/lockout/lockout.routes.ts';
import { evaluationsRoutes } from './modules/evaluations/evaluations.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { locationsRoutes } from './modules/locations/locations.routes.ts';
import { passwordRoutes } from './modules/password/password.routes.ts';
import { peopleRoutes } from './modules/people/people.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { createReportRenderer } from './modules/reports/report-renderer.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { fhirRoutes } from './modules/fhir/fhir.routes.ts';
import { spreadsheetsRoutes } from './modules/spreadsheets/spreadsheets.routes.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import { sessionsRoutes } from './modules/sessions/sessions.routes.ts';
import { secondFactorRoutes } from './modules/second-factor/second-factor.routes.ts';
import { passkeysRoutes } from './modules/passkeys/passkeys.routes.ts';
import { createSessionsService } from './modules/sessions/sessions.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { AccessLogController, redactedUrl } from './plugins/access-log.ts';
import { auditTrail } from './plugins/audit.ts';
import { auth } from './plugins/auth.ts';
import { compression } from './plugins/compression.ts';
import { dbLifecycle } from './plugins/db.ts';
import { docs } from './plugins/docs.ts';
import { errorHandler, frameworkError } from './plugins/error-handler.ts';
import { inputGuard } from './plugins/input-guard.ts';
import { realtime } from './plugins/realtime.ts';
import { responseCache } from './plugins/response-cache.ts';
import { requestTimeout } from './plugins/request-timeout.ts';
import { security } from './plugins/security.ts';
import { inlineScriptHashes, spa } from './plugins/spa.ts';

/** JSON bodies are small; upload routes will set their own limit. */
const JSON_BODY_LIMIT = 64 * 1024;

export interface BuildAppOptions {
  config: Config;
  db: DbHandle;
  clock: Clock;
  hasher: PasswordHasher;
  mailer: Mailer;
  /** Unset: the store the configuration names (server.ts passes the one its start-up sweep used). */
  storage?: BlobStorage;
  /** Unset: pg-boss with DATABASE_URL, else in-process (decision 224); tests pass their own. */
  jobs?: JobQueue;
  logger?: FastifyServerOptions['logger'];
}

/** Never logged: credentials and tokens, wherever they appear (security.md R34). */
const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'req.headers["sec-websocket-protocol"]',
  '*.password',
  '*.current_password',
  '*.token',
  'body.password',
  'body.current_password',
  'body.token',
];

interface LoggedRequest {
  method: string;
  url: string;
  host?: string | undefined;
  socket?: { remoteAddress?: string | undefined; remotePort?: number | undefined } | undefined;
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactedUrl(req.url),
        host: req.host,
        remoteAddress: req.socket?.remoteAddress,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}

/**
 * Every route validates and serializes with zod. Given as the compilers' factories rather than set after
 * construction, so Fastify never loads its defaults, Ajv and fast-json-stringify: half a second of the main thread's
 * start-up (issue 33 item 6, decision 242).
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
  // fastify's types: compilersFactory's builders are typed for Ajv's schemas only, not a type provider's compilers.
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** Builds the whole app: external plugins, then app plugins, then modules (architecture §Layout). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    // One compact line per answered request instead of Fastify's two (plugins/access-log.ts, decision 213).
    logController: new AccessLogController(),
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    frameworkErrors: frameworkError,
    // A trickled request must not hold a socket for ever (issue 10 item 11): headers within requestTimeout,
    // the body too (plugins/request-timeout.ts), and idle sockets closed after connectionTimeout.
    requestTimeout: config.timeouts.requestSeconds * 1000,
    connectionTimeout: config.timeouts.connectionIdleSeconds * 1000,
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  const background = createBackground({ error: (obj, msg) => app.log.error(obj, msg) });
  app.decorate('lifecycle', createLifecycle());
  const jobs = options.jobs ?? (await createJobQueue({ databaseUrl: config.databaseUrl, logger: app.log }));
  app.decorate('deps', {
    config,
    db: options.db.db,
    clock: options.clock,
    hasher: options.hasher,
    // Account e-mails (sendLater) go through the queue: retried, and on PostgreSQL sent by any instance (decision 224).
    mailer: await queuedMailer(options.mailer, jobs, serverKey(config, 'mail-seal'), app.log),
    background,
    storage: options.storage ?? (await createBlobStorage(config.blobs, options.db.db)),
    jobs,
    instance: createInstanceRegistry({
      db: options.db.db,
      clock: options.clock,
      heartbeatMs: config.instanceHeartbeatMs,
      log: app.log,
    }),
  });
  // Registered before any work can name the instance (a socket's slot, an export's build).
  await app.deps.instance.start();

  // An empty JSON body (a bodiless POST sent with Content-Type: application/json) is "no body", not an error.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH))
      return done(new AppError(400, ErrorCode.badRequest, 'errors.badRequest'), undefined);
    void defaultJsonParser(request, text, done);
  });

  // Before the auth hook: its onRequest marks upgrade requests, so a refused upgrade (401) still
  // destroys the socket instead of leaving it open.
  await app.register(websocket, {
    options: {
      maxPayload: 64 * 1024,
      // Never echo the token (the second subprotocol, see plugins/auth.ts): only ours is accepted.
      handleProtocols: (protocols) => (protocols.has(CHAT_WS_PROTOCOL) ? CHAT_WS_PROTOCOL : false),
    },
    // At shutdown every socket is told the server is going away (1001: the client reconnects, with its backfill,
    // to another instance) instead of the plugin's close without a code; new upgrades get 503 (decision 222).
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(CHAT_CLOSE.goingAway, 'server shutting down');
      this.websocketServer.close();
      done();
    },
  });

  // App plugins first, so their hooks (route declaration check, auth, envelope) see every route.
  await app.register(errorHandler);
  await app.register(requestTimeout, { ms: config.timeouts.requestSeconds * 1000 });
  await app.register(inputGuard);
  // Security headers before auth: a 401 thrown by the auth hook must carry them too.
  await app.register(security, {
    corsOrigins: config.corsOrigins,
    inlineScriptHashes: inlineScriptHashes(config.webDistDir),
  });
  // Before compression: its onSend stores the serialized JSON, not an encoding of it.
  await app.register(responseCache, { ...config.responseCache, clock: options.clock });
  await app.register(compression);
  const sessions = createSessionsService(app.deps);
  await app.register(auth, {
    authenticate: sessions.authenticate,
    heldReads: { authenticate: sessions.authenticateHeldRead, answerFor: app.heldAnswer },
  });
  await app.register(auditTrail, { record: createAuditService(app.deps).record });
  await app.register(dbLifecycle, { handle: options.db });
  await app.register(realtime, { handle: options.db });
  if (config.apiDocs) await app.register(docs);

  await app.register(healthRoutes);
  await app.register(countriesRoutes);
  await app.register(authRoutes);
  await app.register(passwordRoutes);
  await app.register(sessionsRoutes);
  await app.register(secondFactorRoutes);
  await app.register(passkeysRoutes);
  await app.register(emailChangeRoutes);
  await app.register(lockoutRoutes);
  await app.register(usersRoutes);
  await app.register(locationsRoutes);
  await app.register(companiesRoutes);
  await app.register(accountRoutes);
  await app.register(handoverRoutes);
  await app.register(chartsRoutes);
  await app.register(peopleRoutes);
  await app.register(attachmentsRoutes);
  await app.register(avatarsRoutes);
  await app.register(creditsRoutes);
  await app.register(creditRequestsRoutes);
  await app.register(operatorRoutes);
  await app.register(evaluationsRoutes);
  await app.register(importsRoutes);
  // One report worker pool and cache for downloads, e-mails and data exports (decision 016).
  const reportRenderer = createReportRenderer(config, app.deps.storage);
  app.addHook('onClose', () => reportRenderer.pool.close());
  // Root hooks close in reverse: the queue stops (its running jobs finish) after the drain, before the renderer and
  // the database (decision 224).
  // The instance leaves the registry once its jobs have stopped, so no peer takes over a build still running here.
  app.addHook('onClose', () => app.deps.instance.leave());
  app.addHook('onClose', () => app.deps.jobs.stop());
  await app.register(reportsRoutes, { renderer: reportRenderer });
  await app.register(chatRoutes);
  await app.register(dashboardRoutes);
  await app.register(consentRoutes);
  await app.register(portalRoutes);
  await app.register(auditRoutes);
  await app.register(exportsRoutes, { renderer: reportRenderer });
  await app.register(fhirRoutes);
  await app.register(spreadsheetsRoutes);

  await app.register(spa, { distDir: config.webDistDir });
  // Registered last, so its onClose runs before every module's (Fastify closes child contexts last-registered
  // first): the requests have finished, and the work they left (background jobs, queued e-mails) finishes
  // before the modules stop their parts and the database closes, up to the drain timeout (decision 222).
  await app.register(async (last) =>
    last.addHook('onClose', async () => {
      if (!(await drainWork(app.deps, config.shutdown.drainMs)))
        app.log.warn('shutdown: background work still running after the drain timeout; abandoned');
    }),
  );
  return app;
}

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database, DbHandle, Kysely } from '@medida/db';
import { createFreshTestDb } from '@medida/db/testing';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Env } from '../config.ts';
import { createFakeClock, type FakeClock } from '../lib/clock.ts';
import type { JobQueue } from '../lib/jobs.ts';
import { createMailer, type Mailer } from '../lib/mailer.ts';
import { createPasswordHasher, type PasswordHasher } from '../lib/passwords.ts';
import { checkAnswers, type Conformance } from './openapi-conformance.ts';

export interface TestContext {
  app: FastifyInstance;
  db: Kysely<Database>;
  clock: FakeClock;
  mailer: Mailer;
  hasher: PasswordHasher;
  /** With `conformance: true`: every answer checked against the OpenAPI document (openapi-conformance.ts). */
  conformance?: () => Conformance;
  close(): Promise<void>;
}

const silentLogger = { info: () => {}, error: () => {} };
/** Production argon2 parameters in tests too: what we test is what we ship. */
export const testHasher = createPasswordHasher();

/** A fresh migrated database (PGlite, or PostgreSQL when DATABASE_URL is set), a fake clock and a memory mailer. */
export async function createTestApp(
  env: Env = {},
  options: { logger?: FastifyServerOptions['logger']; handle?: DbHandle; conformance?: boolean; jobs?: JobQueue } = {},
): Promise<TestContext> {
  const clock = createFakeClock();
  // A given handle lets several app instances share one database (the chat's multi-instance test).
  const handle = options.handle ?? (await createFreshTestDb());
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'medida-test-')),
    WEB_DIST_DIR: path.join(tmpdir(), 'medida-no-web-build'),
    PUBLIC_BASE_URL: 'http://medida.test',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const mailer = createMailer({ from: config.mailFrom, sink: { kind: 'memory' }, logger: silentLogger });
  const app = await buildApp({
    config,
    db: handle,
    clock,
    hasher: testHasher,
    mailer,
    logger: options.logger ?? false,
    ...(options.jobs ? { jobs: options.jobs } : {}),
  });
  const checked = options.conformance ? checkAnswers(app) : undefined;
  await app.ready();
  // Some mail is queued by work that runs after the response (lib/background.ts): idle() waits for both.
  const settled: Mailer = {
    ...mailer,
    idle: async () => {
      await app.deps.background.idle();
      // The app's mailer: its sendLater goes through the job queue (decision 224).
      await app.deps.mailer.idle();
    },
  };
  return {
    app,
    db: handle.db,
    clock,
    mailer: settled,
    hasher: testHasher,
    conformance: checked?.conformance,
    close: () => app.close(),
  };
}

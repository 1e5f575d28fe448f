import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { HOUR, MINUTE } from './lib/clock.ts';
import type { S3Settings } from './lib/s3-storage.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Empty strings count as unset (`DATABASE_URL=` in a .env or a test harness). */
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const boolText = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** A boolean whose default depends on other variables: undefined when unset. */
const optionalBool = z.preprocess((v) => (v === '' ? undefined : v), boolText.optional());
const int = (fallback: number, min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === undefined ? String(fallback) : v), z.coerce.number().int().min(min).max(max));

/** TRUST_PROXY: false (default), true (trust every hop: only behind a proxy you control), or a comma list of proxy addresses/CIDRs. */
const trustProxySchema = z
  .preprocess((v) => (v === '' || v === undefined ? 'false' : v), z.string())
  .transform((v): boolean | string[] => {
    if (v === 'false' || v === '0') return false;
    if (v === 'true' || v === '1') return true;
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  });

export const BLOB_DRIVERS = ['disk', 'postgres', 's3'] as const;
export type BlobDriver = (typeof BLOB_DRIVERS)[number];

const envSchema = z.object({
  PORT: int(3000, 0, 65535),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  // Set by npm to the directory the command was typed in: `npm start` at the root keeps ./data there,
  // although npm runs the workspace script inside apps/server.
  INIT_CWD: optionalString,
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  // The key the database does not hold (lib/server-keys.ts): 32+ bytes as hex or base64; unset, a key file in DATA_DIR.
  SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^(?:[0-9a-fA-F]{64,}|[A-Za-z0-9+/_-]{43,}={0,2})$/, 'at least 32 bytes, as hex or base64')
      .optional(),
  ),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().min(3).default('Medida <no-reply@medida.app>'),
  // Whom a top-level account asks for credits until they can be bought (decision 186).
  SUPPORT_EMAIL: z.email().default('soporte@medida.app'),
  // The packs a professional may ask the operator for (decision 229): "credits:price,…" in CREDIT_CURRENCY.
  CREDIT_PACKS: z
    .string()
    .default('20:15000,50:32000,100:55000')
    .transform((v, ctx) => {
      const packs = v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => /^(\d{1,6}):(\d{1,9}(?:\.\d{1,2})?)$/.exec(p));
      if (packs.some((m) => !m || Number(m[1]) < 1)) {
        ctx.addIssue({ code: 'custom', message: 'packs as "credits:price,…", e.g. 20:15000,50:32000' });
        return z.NEVER;
      }
      return packs.map((m) => ({ credits: Number(m![1]), price: Number(m![2]) }));
    }),
  CREDIT_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'an ISO 4217 code, e.g. CLP')
    .default('CLP'),
  // Who is told of a new credit request; unset: every operator (decision 229).
  OPERATOR_EMAIL: optionalString.pipe(z.email().optional()),
  // Unset: http://localhost:<PORT>, so e-mailed links follow the port the server listens on.
  PUBLIC_BASE_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/ })
      .transform((u) => u.replace(/\/+$/, ''))
      .optional(),
  ),
  NODE_ENV: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('development')),
  SEED_DEMO: optionalBool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: int(30, 1, 24 * 60),
  SESSION_ABSOLUTE_MINUTES: int(12 * 60, 1, 30 * 24 * 60),
  TRUST_PROXY: trustProxySchema,
  CORS_ORIGINS: optionalString.transform((v) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  ),
  API_DOCS: optionalBool,
  REQUEST_TIMEOUT_SECONDS: int(120, 1, 3600),
  CONNECTION_IDLE_SECONDS: int(60, 1, 3600),
  REPORT_WORKERS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(64).optional()),
  WEB_DIST_DIR: z.string().min(1).default(path.join(serverRoot, '../web/dist')),
  EVALUATION_CREDIT_COST: int(1, 0, 1000),
  // An imported past evaluation (decision 228): free unless the operator says otherwise.
  IMPORT_CREDIT_COST: int(0, 0, 1000),
  CHAT_SESSION_CHECK_SECONDS: int(15, 1, 3600),
  // Each instance's heartbeat in the database (decisions 222, 231): four missed ones and its chat sockets stop counting
  // and another instance takes over the exports it was building.
  INSTANCE_HEARTBEAT_SECONDS: int(10, 1, 600),
  // Chat sockets open at once from one client address, on all instances together (decision 222); a clinic behind
  // one NAT address may need more.
  CHAT_SOCKETS_PER_ADDRESS: int(200, 1, 1_000_000),
  // Graceful shutdown (decision 222): after SIGTERM, /web/ready answers 503 this long before the server stops
  // listening; then requests and background work get up to SHUTDOWN_DRAIN_SECONDS.
  SHUTDOWN_GRACE_SECONDS: int(5, 0, 300),
  SHUTDOWN_DRAIN_SECONDS: int(20, 1, 600),
  SIGNUP_CREDITS: int(10, 0, 100000),
  // Sign-ins per client address (security.md §4.4); a clinic behind one NAT address may need more.
  LOGIN_IP_PER_MINUTE: int(20, 1, 100_000),
  LOGIN_IP_PER_HOUR: int(200, 1, 1_000_000),
  // Self-registrations per client address and hour (issue 10 item 4, decision 017).
  REGISTER_IP_PER_HOUR: int(5, 1, 100_000),
  // Uploads (decision 054): per request, per account and per user-hour; images by pixel count.
  UPLOAD_REQUEST_MAX_BYTES: int(25_000_000, 1, 2_000_000_000),
  UPLOAD_ACCOUNT_QUOTA_BYTES: int(1_000_000_000, 0, Number.MAX_SAFE_INTEGER),
  UPLOAD_REQUESTS_PER_HOUR: int(60, 1, 100_000),
  IMAGE_MAX_MEGAPIXELS: int(50, 1, 1000),
  // The in-process cache of read answers (decision 160): its bound in MB (0 turns it off) and a time backstop.
  RESPONSE_CACHE_MB: int(16, 0, 4096),
  RESPONSE_CACHE_TTL_SECONDS: int(60, 1, 3600),
  // How often the audit chain heads are signed into the checkpoint series (decision 204).
  AUDIT_CHECKPOINT_MINUTES: int(60, 1, 7 * 24 * 60),
  // Scheduled backups (decision 225): 0 (default) none; BACKUP_DIR shared by every instance.
  BACKUP_INTERVAL_HOURS: int(0, 0, 24 * 366),
  BACKUP_DIR: optionalString,
  BACKUP_KEEP: int(7, 1, 10_000),
  CLAMAV_HOST: optionalString,
  CLAMAV_PORT: int(3310, 1, 65535),
  // Where uploaded files live (decision 221); unset: s3 with S3_URL, else postgres with DATABASE_URL, else disk.
  BLOB_STORAGE: z.preprocess((v) => (v === '' ? undefined : v), z.enum(BLOB_DRIVERS).optional()),
  S3_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3–63 lower-case letters, digits, dots, hyphens')
      .optional(),
  ),
  S3_REGION: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
});

export type Env = Record<string, string | undefined>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Where the command was typed (npm's INIT_CWD): an operator's relative paths, like DATA_DIR, start there. */
  initCwd: string;
  databaseUrl: string | undefined;
  /** SECRET_KEY as given; unset, lib/server-keys.ts keeps one in `<dataDir>/secret.key`. */
  secretKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicBaseUrl: string;
  production: boolean;
  /** Demo accounts: only on the embedded database unless SEED_DEMO=true; never in production (decision 014). */
  seedDemo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  session: { idleMinutes: number; absoluteMinutes: number };
  trustProxy: boolean | string[];
  corsOrigins: string[];
  apiDocs: boolean;
  webDistDir: string;
  /** Whole request (headers and body) must arrive within this; idle sockets close after connectionIdleSeconds. */
  timeouts: { requestSeconds: number; connectionIdleSeconds: number };
  /** Report-rendering worker threads; unset: from the CPU count. */
  reportWorkers: number | undefined;
  /** Credits a new evaluation costs its evaluator; 0 turns charging off. */
  evaluationCreditCost: number;
  /** Credits an evaluation imported from a spreadsheet costs (decision 228); 0, the default, is free. */
  importCreditCost: number;
  /** How often open chat sockets re-check their session (a revoked one is closed). */
  chatSessionCheckMs: number;
  /** How often this instance says it is alive (server_instances); four intervals missed and it counts as dead. */
  instanceHeartbeatMs: number;
  chatSocketsPerAddress: number;
  shutdown: { graceMs: number; drainMs: number };
  /** Credits a self-registered professional starts with (a ledger grant, decision 130). */
  signupCredits: number;
  /** The operator's contact a top-level account is told to ask for credits (decision 186). */
  supportEmail: string;
  /** The packs a professional may ask for, priced in `currency` (decision 229). */
  creditPacks: { credits: number; price: number; currency: string }[];
  /** Whom a new credit request is mailed to; undefined: every operator. */
  operatorEmail: string | undefined;
  /** Sign-ins allowed per client address in each window (security.md §4.4). */
  loginIpLimits: { limit: number; windowMs: number }[];
  /** Self-registrations allowed per client address and hour (decision 017). */
  registerIpPerHour: number;
  uploads: UploadConfig;
  /** Opted-in GET answers kept in memory (decision 160): bytes (0: off) and the longest an answer is served. */
  responseCache: { maxBytes: number; ttlMs: number };
  /** How often the audit chain heads are signed into a checkpoint (decision 204). */
  auditCheckpointMs: number;
  /** Scheduled backups: every `intervalMs` (0: none) into `dir`, the newest `keep` kept (decision 225). */
  backups: { intervalMs: number; dir: string; keep: number };
  blobs: BlobsConfig;
}

/** Where uploaded files live (decision 221): `<dataDir>/uploads`, the database, or an S3-compatible bucket. */
export type BlobsConfig = { driver: 'disk'; dir: string } | { driver: 'postgres' } | { driver: 's3'; s3: S3Settings };

interface UploadConfig {
  /** All files of one request together (multipart has no body limit of its own). */
  requestMaxBytes: number;
  /** Stored attachment bytes per account tree (`account_root_id`); 0 turns the quota off. */
  accountQuotaBytes: number;
  /** Requests carrying files, per user and hour. */
  requestsPerHour: number;
  /** Images above this many pixels are refused before decoding (pixel floods). */
  imageMaxPixels: number;
  /** clamd to scan every upload with (INSTREAM over TCP); unset, no virus scan. */
  clamav: { host: string; port: number } | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The only reader of process.env. A wrong value throws ConfigError naming every bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`,
    );
    throw new ConfigError(
      `Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every variable and its default.`,
    );
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && e.DATABASE_URL && !e.SECRET_KEY) {
    // Several instances share one PostgreSQL: a key file per DATA_DIR would give each instance its own key.
    throw new ConfigError(
      'Invalid configuration:\n  SECRET_KEY is required in production with DATABASE_URL (the same on every instance)',
    );
  }
  if (e.SESSION_IDLE_MINUTES > e.SESSION_ABSOLUTE_MINUTES) {
    throw new ConfigError('Invalid configuration:\n  SESSION_IDLE_MINUTES must not exceed SESSION_ABSOLUTE_MINUTES');
  }
  const initCwd = e.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(initCwd, e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    initCwd,
    databaseUrl: e.DATABASE_URL,
    secretKey: e.SECRET_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicBaseUrl: e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`,
    production,
    seedDemo: !production && (e.SEED_DEMO ?? e.DATABASE_URL === undefined),
    logLevel: e.LOG_LEVEL,
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, absoluteMinutes: e.SESSION_ABSOLUTE_MINUTES },
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    apiDocs: e.API_DOCS ?? !production,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    evaluationCreditCost: e.EVALUATION_CREDIT_COST,
    importCreditCost: e.IMPORT_CREDIT_COST,
    chatSessionCheckMs: e.CHAT_SESSION_CHECK_SECONDS * 1000,
    instanceHeartbeatMs: e.INSTANCE_HEARTBEAT_SECONDS * 1000,
    chatSocketsPerAddress: e.CHAT_SOCKETS_PER_ADDRESS,
    shutdown: { graceMs: e.SHUTDOWN_GRACE_SECONDS * 1000, drainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000 },
    signupCredits: e.SIGNUP_CREDITS,
    supportEmail: e.SUPPORT_EMAIL,
    creditPacks: e.CREDIT_PACKS.map((p) => ({ ...p, currency: e.CREDIT_CURRENCY })),
    operatorEmail: e.OPERATOR_EMAIL,
    loginIpLimits: [
      { limit: e.LOGIN_IP_PER_MINUTE, windowMs: MINUTE },
      { limit: e.LOGIN_IP_PER_HOUR, windowMs: HOUR },
    ],
    registerIpPerHour: e.REGISTER_IP_PER_HOUR,
    uploads: {
      requestMaxBytes: e.UPLOAD_REQUEST_MAX_BYTES,
      accountQuotaBytes: e.UPLOAD_ACCOUNT_QUOTA_BYTES,
      requestsPerHour: e.UPLOAD_REQUESTS_PER_HOUR,
      imageMaxPixels: e.IMAGE_MAX_MEGAPIXELS * 1_000_000,
      clamav: e.CLAMAV_HOST ? { host: e.CLAMAV_HOST, port: e.CLAMAV_PORT } : undefined,
    },
    timeouts: { requestSeconds: e.REQUEST_TIMEOUT_SECONDS, connectionIdleSeconds: e.CONNECTION_IDLE_SECONDS },
    reportWorkers: e.REPORT_WORKERS,
    responseCache: { maxBytes: e.RESPONSE_CACHE_MB * 1024 * 1024, ttlMs: e.RESPONSE_CACHE_TTL_SECONDS * 1000 },
    auditCheckpointMs: e.AUDIT_CHECKPOINT_MINUTES * MINUTE,
    backups: {
      intervalMs: e.BACKUP_INTERVAL_HOURS * HOUR,
      dir: path.resolve(initCwd, e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      keep: e.BACKUP_KEEP,
    },
    blobs: blobsConfig(e, dataDir),
  };
}

function blobsConfig(e: z.infer<typeof envSchema>, dataDir: string): BlobsConfig {
  const driver: BlobDriver = e.BLOB_STORAGE ?? (e.S3_URL ? 's3' : e.DATABASE_URL ? 'postgres' : 'disk');
  const invalid = (line: string) => new ConfigError(`Invalid configuration:\n  ${line}`);
  if (driver === 'disk') return { driver, dir: path.join(dataDir, 'uploads') };
  if (driver === 'postgres') return { driver };
  if (!e.S3_URL || !e.S3_BUCKET) throw invalid('the S3 file store needs S3_URL and S3_BUCKET');
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined))
    throw invalid('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither: the SDK finds credentials)');
  const credentials =
    e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
      : undefined;
  return { driver, s3: { url: e.S3_URL, bucket: e.S3_BUCKET, region: e.S3_REGION, credentials } };
}

import type { CreaCuentaBody } from '@medida/contracts';
import type { NewUser } from '@medida/db';
import { insertTestUser } from '@medida/db/testing';
import type { FastifyInstance } from 'fastify';
import { createSessionsService } from '../modules/sessions/sessions.service.ts';
import type { TestContext } from './test-app.ts';
import { testHasher } from './test-app.ts';

let sequence = 0;
const next = () => `${process.pid}-${++sequence}`;

export const DEFAULT_PASSWORD = 'correct horse battery staple';
let defaultHash: Promise<string> | undefined;

export function uniqueEmail(label = 'user'): string {
  return `${label}-${next()}@example.com`;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

/** Inserts a user straight into the database (a professional unless `type` says otherwise). */
export async function insertUser(
  ctx: Pick<TestContext, 'db'>,
  overrides: Partial<NewUser> & { password?: string } = {},
): Promise<TestUser> {
  const { password = DEFAULT_PASSWORD, ...columns } = overrides;
  const passwordHash =
    password === DEFAULT_PASSWORD
      ? await (defaultHash ??= testHasher.hash(DEFAULT_PASSWORD))
      : await testHasher.hash(password);
  const email = columns.email ?? uniqueEmail();
  const id = await insertTestUser(ctx.db, { password_hash: passwordHash, ...columns, email });
  return { id, email, password };
}

export function registrationBody(overrides: Partial<CreaCuentaBody> = {}): CreaCuentaBody {
  return {
    nombre: 'Camila',
    apellido: 'Rojas',
    email: uniqueEmail('register'),
    password: 'una clave bastante larga',
    nacimiento: '1992-08-30',
    sexo: 'Femenino',
    lang: 'es',
    variant: 'register',
    terms_accepted: true,
    ...overrides,
  };
}

let ipSequence = 0;
/** A fresh client address, so per-IP limits of one test don't leak into another. */
export const freshIp = () => `10.${(++ipSequence >> 16) & 255}.${(ipSequence >> 8) & 255}.${ipSequence & 255}`;

/**
 * A fixture user's session, opened by the sessions service as a login opens it, without the login's password check,
 * throttles and device cookie (decision 259: the suites' 1,032 logins took a minute). Tests of the login call `login`.
 */
export function openSession(app: FastifyInstance, userId: number): Promise<string> {
  return createSessionsService(app.deps).issue(userId, { ip: freshIp(), userAgent: null });
}

export async function login(
  app: FastifyInstance,
  user: Pick<TestUser, 'email' | 'password'>,
  ip = freshIp(),
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/web/authenticate',
    payload: { email: user.email, password: user.password },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** POST /web/creacuenta from a fresh address (the per-address registration limit is tested on its own). */
export const postRegistration = (
  ctx: Pick<TestContext, 'app'>,
  body: CreaCuentaBody,
  headers: Record<string, string> = {},
) => ctx.app.inject({ method: 'POST', url: '/web/creacuenta', payload: body, headers, remoteAddress: freshIp() });

/** The token of the newest link to `path` mailed to `to` (the memory mailer of createTestApp). */
export async function mailedToken(ctx: Pick<TestContext, 'mailer'>, to: string, linkPath: string): Promise<string> {
  await ctx.mailer.idle();
  const pattern = new RegExp(`${linkPath}#token=([A-Za-z0-9_-]+)`);
  const mail = ctx.mailer.sent.filter((m) => m.to === to && pattern.test(m.text)).at(-1);
  const [, token] = (mail && pattern.exec(mail.text)) ?? [];
  if (!token) throw new Error(`no mail to ${to} with a link to ${linkPath}`);
  return token;
}

/** Registers, opens the confirmation link like the owner would, and returns the account with its session. */
export async function registerVerified(
  ctx: Pick<TestContext, 'app' | 'mailer'>,
  body: CreaCuentaBody,
): Promise<{ id: number; token: string }> {
  const res = await postRegistration(ctx, body);
  if (res.statusCode !== 202) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  const link = await mailedToken(ctx, body.email, '/pages/verify-email');
  const confirmed = await ctx.app.inject({
    method: 'POST',
    url: '/web/confirmaregistro',
    payload: { token: link },
    remoteAddress: freshIp(),
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirmation failed: ${confirmed.statusCode} ${confirmed.body}`);
  const { token } = confirmed.json<{ token: string }>();
  const me = await ctx.app.inject({ method: 'GET', url: '/web/authenticate/user', headers: bearer(token) });
  return { id: me.json<{ user: { id: number } }>().user.id, token };
}

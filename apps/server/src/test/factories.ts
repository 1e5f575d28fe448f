import type { CreaCuentaBody } from '@medida/contracts';
import type { NewUser } from '@medida/db';
import { insertTestUser } from '@medida/db/testing';
import type { FastifyInstance } from 'fastify';
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

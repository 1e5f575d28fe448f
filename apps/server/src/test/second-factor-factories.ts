import type { FastifyInstance } from 'fastify';
import { base32Decode, hotp, timeStep } from '../modules/second-factor/totp.policy.ts';
import { bearer, DEFAULT_PASSWORD, insertUser, login } from './factories.ts';
import type { TestContext } from './test-app.ts';

/** The code of `secret` at the app's (fake) clock, `stepOffset` 30-second steps away (±1 is accepted). */
export const totpCode = (app: FastifyInstance, secret: Buffer, stepOffset = 0) =>
  hotp(secret, timeStep(app.deps.clock.now()) + stepOffset);

/** POST /web/second-factor/totp/setup as the signed-in user of `headers`: the secret from the manual key. */
export async function startTotp(app: FastifyInstance, headers: Record<string, string>, password = DEFAULT_PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: '/web/second-factor/totp/setup',
    payload: { current_password: password },
    headers,
  });
  if (res.statusCode !== 200) throw new Error(`totp setup: ${res.statusCode} ${res.body}`);
  const body = res.json<{ manual_key: string; otpauth_uri: string; qr_svg: string }>();
  return { ...body, secret: base32Decode(body.manual_key) };
}

/**
 * An authenticator set up and confirmed for the signed-in user of `headers`. The confirming code is the previous
 * step's, so the current and the next step's codes are still unused for what the test does next.
 */
export async function enrolledTotp(app: FastifyInstance, headers: Record<string, string>, password = DEFAULT_PASSWORD) {
  const { secret } = await startTotp(app, headers, password);
  const res = await app.inject({
    method: 'POST',
    url: '/web/second-factor/totp/confirm',
    payload: { code: totpCode(app, secret, -1) },
    headers,
  });
  if (res.statusCode !== 200) throw new Error(`totp confirm: ${res.statusCode} ${res.body}`);
  return { secret, recoveryCodes: res.json<{ recovery_codes: string[] }>().recovery_codes };
}

/**
 * One of the team's operators (decision 229), signed in with a session that passed its second factor: the only kind
 * of session the console answers.
 */
export async function signedInOperator(ctx: Pick<TestContext, 'app' | 'db'>) {
  const user = await insertUser(ctx, { operator: true, nombre: 'Olga', apellido: 'Operadora' });
  const headers = bearer(await login(ctx.app, user));
  const { secret } = await enrolledTotp(ctx.app, headers);
  return { ...user, headers, secret };
}

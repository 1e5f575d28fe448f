import type { FastifyInstance } from 'fastify';
import { softAuthenticator, type SoftOptions } from './soft-authenticator.ts';

/** The test app's relying party (PUBLIC_BASE_URL http://medida.test, decision 209). */
export const TEST_RP = { origin: 'http://medida.test', rpId: 'medida.test' };

export type RegistrationOptions = { challenge: string; user: { id: string }; rp: { id: string } } & Record<
  string,
  unknown
>;

/** POST /web/passkeys/register/options as the signed-in user of `headers`. */
export async function passkeyRegistrationOptions(app: FastifyInstance, headers: Record<string, string>) {
  const res = await app.inject({ method: 'POST', url: '/web/passkeys/register/options', headers });
  if (res.statusCode !== 200) throw new Error(`passkey options: ${res.statusCode} ${res.body}`);
  return res.json<{ options: RegistrationOptions }>().options;
}

/** A passkey of the signed-in user of `headers`, on a new soft authenticator that can then sign in with it. */
export async function registeredPasskey(app: FastifyInstance, headers: Record<string, string>, o: SoftOptions = {}) {
  const authenticator = softAuthenticator(TEST_RP);
  const response = authenticator.create(await passkeyRegistrationOptions(app, headers), o);
  const res = await app.inject({
    method: 'POST',
    url: '/web/passkeys/register',
    payload: { name: 'Laptop', response },
    headers,
  });
  if (res.statusCode !== 201) throw new Error(`passkey registration: ${res.statusCode} ${res.body}`);
  return { authenticator, passkey: res.json<{ passkey: { id: number } }>().passkey };
}

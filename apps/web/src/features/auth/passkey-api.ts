// Loaded only when a passkey button is pressed: the browser library and the schemas stay off Login's first screen.
import { requestOptionsSchema } from '@medida/contracts/passkeys';
import { secondFactorSignInResponseSchema } from '@medida/contracts/auth';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { z } from 'zod';
import { apiRequest } from '../../lib/api.ts';

/** The server's options, checked by the contract's schema and typed as the browser library wants them. */
const requestOptionsAnswer = z.object({
  options: z.custom<PublicKeyCredentialRequestOptionsJSON>((v) => requestOptionsSchema.safeParse(v).success),
});

/** Options, the browser's passkey dialog, then the server's check: the session token. */
async function assert(
  optionsPath: string,
  optionsBody: object | undefined,
  verify: (response: unknown) => Promise<{ token: string }>,
) {
  const { options } = await apiRequest(optionsPath, {
    method: 'POST',
    body: optionsBody,
    schema: requestOptionsAnswer,
    endsSessionOnAuthError: false,
  });
  return verify(await startAuthentication({ optionsJSON: options }));
}

/** "Sign in with a passkey": no e-mail, the device offers its passkeys for this site (decision 209). */
export const signInWithPasskey = () =>
  assert('/web/authenticate/passkey/options', undefined, (response) =>
    apiRequest('/web/authenticate/passkey', {
      method: 'POST',
      body: { response },
      schema: secondFactorSignInResponseSchema,
      endsSessionOnAuthError: false,
    }),
  );

/** The second step after a password, answered with one of the user's passkeys (decision 206's ticket). */
export const secondStepWithPasskey = (ticket: string) =>
  assert('/web/authenticate/second-factor/passkey/options', { ticket }, (response) =>
    apiRequest('/web/authenticate/second-factor/passkey', {
      method: 'POST',
      body: { ticket, response },
      schema: secondFactorSignInResponseSchema,
      endsSessionOnAuthError: false,
    }),
  );

import {
  networkPolicyResponseSchema,
  recoveryCodesResponseSchema,
  secondFactorStatusSchema,
  totpSetupResponseSchema,
} from '@medida/contracts';
import { z } from 'zod';
import { apiRequest } from '../../lib/api.ts';

// One's own second factors (decisions 207, 208). A wrong password or code is a form error, not the session's end.

export const secondFactorKeys = { all: ['second-factor'] as const };

export const fetchSecondFactor = (signal?: AbortSignal) =>
  apiRequest('/web/second-factor', { schema: secondFactorStatusSchema, signal });

export const startTotpSetup = (currentPassword: string) =>
  apiRequest('/web/second-factor/totp/setup', {
    method: 'POST',
    body: { current_password: currentPassword },
    schema: totpSetupResponseSchema,
    endsSessionOnAuthError: false,
  });

export const confirmTotp = (code: string) =>
  apiRequest('/web/second-factor/totp/confirm', {
    method: 'POST',
    body: { code },
    schema: recoveryCodesResponseSchema,
    endsSessionOnAuthError: false,
  });

export const disableTotp = (body: { current_password: string; code: string }) =>
  apiRequest('/web/second-factor/totp/disable', {
    method: 'POST',
    body,
    // 204: an empty answer reads as {} (as the sessions' and passkeys' deletions do); z.null() refused it.
    schema: z.object({}).passthrough(),
    endsSessionOnAuthError: false,
  });

export const renewRecoveryCodes = (body: { current_password: string; code: string }) =>
  apiRequest('/web/second-factor/recovery-codes', {
    method: 'POST',
    body,
    schema: recoveryCodesResponseSchema,
    endsSessionOnAuthError: false,
  });

export const setNetworkPolicy = (required: boolean) =>
  apiRequest('/web/second-factor/network-policy', {
    method: 'PUT',
    body: { required },
    schema: networkPolicyResponseSchema,
  });

import { createHmac, randomBytes } from 'node:crypto';
import { ErrorCode } from '@medida/contracts';
import type { Database, Kysely } from '@medida/db';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { seal, unseal } from '../../lib/sealed.ts';
import { serverKey } from '../../lib/server-keys.ts';
import { createPasskeyRecordsService } from '../passkeys/passkey-records.service.ts';
import { createSecondFactorRepository } from './second-factor.repository.ts';
import { base32Encode, matchingStep, newTotpSecret, otpauthUri } from './totp.policy.ts';

/** A factor a user can sign in with besides the password (decision 206). */
export type SecondFactorMethod = 'totp' | 'passkey';

const RECOVERY_CODE_COUNT = 10;
/** 10 characters of a 31-letter alphabet without look-alikes (≈ 50 bits), shown as `xxxxx-xxxxx`. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;
const ISSUER = 'Medida';

/** A code as typed: spaces and dashes dropped, lower case. */
const normalise = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const isTotpCode = (code: string) => /^\d{6}$/.test(normalise(code));

const totpCodeInvalid = () => new AppError(422, ErrorCode.validation, 'errors.secondFactorCodeInvalid');

function newRecoveryCode(): string {
  const bytes = randomBytes(RECOVERY_LENGTH * 2);
  let code = '';
  // Rejection sampling keeps every letter equally likely (256 is not a multiple of 31).
  for (const byte of bytes) {
    if (byte >= 248) continue;
    code += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
    if (code.length === RECOVERY_LENGTH) break;
  }
  return code.length === RECOVERY_LENGTH ? `${code.slice(0, 5)}-${code.slice(5)}` : newRecoveryCode();
}

/**
 * TOTP authenticators and recovery codes (decision 207). The secret is sealed with the server key (AES-256-GCM,
 * bound to the user id); recovery codes are kept as HMAC-SHA256 under another server key, so a copy of the
 * database alone neither reads the one nor tests guesses of the other.
 */
export function createSecondFactorService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<Config, 'secretKey' | 'dataDir'>;
}) {
  const repo = createSecondFactorRepository(deps.db);
  const passkeys = createPasskeyRecordsService(deps.db);
  const sealKey = () => serverKey(deps.config, 'second-factor-seal');
  const context = (userId: number) => `totp:${userId}`;
  const codeHash = (userId: number, code: string) =>
    createHmac('sha256', serverKey(deps.config, 'recovery-code-hash'))
      .update(`${userId}:${normalise(code)}`)
      .digest('hex');

  /** Whether the user has a passkey (the passkeys module, decision 209): the one place the sign-in step asks. */
  const hasPasskey = (userId: number): Promise<boolean> => passkeys.hasAny(userId);

  async function confirmedTotp(userId: number) {
    const row = await repo.findTotp(userId);
    return row?.confirmed_at ? row : undefined;
  }

  /** The step of `code` if it is the user's (confirmed or not, as asked) authenticator's and not used yet: spent. */
  async function spendTotp(userId: number, code: string, confirmed: boolean): Promise<boolean> {
    const row = await repo.findTotp(userId);
    // No authenticator: the same HMAC work on a throwaway secret, so the answer takes as long (brute-force suite).
    const secret =
      row && (row.confirmed_at !== null) === confirmed
        ? unseal(sealKey(), row.sealed_secret, context(userId))
        : newTotpSecret();
    const step = matchingStep(secret, normalise(code), deps.clock.now());
    if (step === null || !row || (row.confirmed_at !== null) !== confirmed) return false;
    if (row.last_used_step !== null && step <= row.last_used_step) return false;
    return repo.useStep(userId, step, confirmed, deps.clock.now());
  }

  function removeTotp(userId: number): Promise<boolean> {
    return repo.transaction(async (trx) => {
      const tx = repo.withTransaction(trx);
      await tx.deleteRecoveryCodes(userId);
      return (await tx.deleteTotp(userId)) > 0;
    });
  }

  async function newRecoveryCodes(userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(
      userId,
      codes.map((c) => codeHash(userId, c)),
      deps.clock.now(),
    );
    return codes;
  }

  return {
    hasPasskey,

    /** Which factors the user can sign in with besides the password. */
    async methodsOf(userId: number): Promise<SecondFactorMethod[]> {
      const [totp, passkey] = await Promise.all([confirmedTotp(userId), hasPasskey(userId)]);
      return [...(totp ? (['totp'] as const) : []), ...(passkey ? (['passkey'] as const) : [])];
    },

    /** The security section's state: the authenticator, and how many recovery codes are left. */
    async status(userId: number) {
      const totp = await confirmedTotp(userId);
      return {
        totp: totp ? { confirmed_at: totp.confirmed_at!.toISOString() } : null,
        recovery_codes_left: totp ? await repo.countUnusedRecoveryCodes(userId) : 0,
      };
    },

    /**
     * Starts (or restarts) an enrolment: a new secret, kept unconfirmed until a code from it matches. A user who
     * has a confirmed authenticator must disable it first (409).
     */
    async startTotp(userId: number, account: string): Promise<{ otpauthUri: string; manualKey: string }> {
      const secret = newTotpSecret();
      const started = await repo.startTotp(userId, seal(sealKey(), secret, context(userId)), deps.clock.now());
      if (!started) throw new AppError(409, ErrorCode.conflict, 'errors.secondFactorAlreadyOn');
      return { otpauthUri: otpauthUri(secret, ISSUER, account), manualKey: base32Encode(secret) };
    },

    /** A first code from the new authenticator confirms it; the answer is the ten recovery codes, shown once. */
    async confirmTotp(userId: number, code: string): Promise<string[]> {
      if (!(await spendTotp(userId, code, false))) throw totpCodeInvalid();
      return newRecoveryCodes(userId);
    },

    /**
     * A code of the user's confirmed authenticator (each step works once: R09), or one of its unused recovery
     * codes (spent). Returns the factor the code proved, or null.
     */
    async verifyCode(userId: number, code: string): Promise<'totp' | 'recovery' | null> {
      if (isTotpCode(code)) return (await spendTotp(userId, code, true)) ? 'totp' : null;
      const hash = codeHash(userId, code);
      return (await repo.useRecoveryCode(userId, hash, deps.clock.now())) ? 'recovery' : null;
    },

    /** New recovery codes: the old ones stop working. */
    regenerateRecoveryCodes: newRecoveryCodes,

    /** Removes the authenticator and its recovery codes; whether there was one. */
    removeTotp,

    /**
     * Every second factor of the user goes (a professional above it resets them: a lost phone, decision 208).
     * PASSKEYS: helper-passkeys removes the user's passkeys here too.
     */
    async removeAllFactors(userId: number): Promise<void> {
      await removeTotp(userId);
      await passkeys.removeAllOf(userId);
    },
  };
}

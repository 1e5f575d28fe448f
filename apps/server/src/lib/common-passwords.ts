import { createRequire } from 'node:module';
import { PASSWORD_MIN } from '@medida/contracts';
import { fieldError } from './app-error.ts';

/**
 * The common-password list of zxcvbn-ts (@zxcvbn-ts/language-common, MIT): 49,233 passwords ranked by
 * frequency in leaked sets, lowercase. Only those long enough to pass the length rule matter (17,950).
 * Loaded once, on first use (security.md R02; issue 10 item 5).
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  if (!common) {
    const list = createRequire(import.meta.url)('@zxcvbn-ts/language-common/src/passwords.json') as string[];
    common = new Set(list.filter((p) => p.length >= PASSWORD_MIN));
  }
  return common;
}

/** Case-insensitive: `Password1` is as guessable as `password1`. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** 422 on `field` for a common password (registration, change, reset). */
export function assertNotCommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw fieldError(field, 'validation.passwordCommon');
}

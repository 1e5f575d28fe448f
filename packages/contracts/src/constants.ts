// The zod-free part of the contracts: what the web app's shell needs before anything else loads
// (`@medida/contracts/constants`), so the login page does not download zod and every schema (issue 11).
export { LANGUAGES, type Language } from './languages.ts';

/** User types of the spec (§3, §6): 1 = professional (network professional / evaluator), 2 = client. */
export const USER_TYPE = { professional: 1, client: 2 } as const;
export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];

/**
 * The e-mail rule of every form and route: at most 254 characters once trimmed, and zod's own e-mail pattern
 * (`z.regexes.email`, the one `emailSchema` applies; common.test.ts keeps the two equal). Here without zod so
 * the login page can check an address before zod has loaded.
 */
export const EMAIL_MAX = 254;
/* eslint-disable no-useless-escape -- written exactly as zod writes it (the test compares the source) */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
/* eslint-enable no-useless-escape */
export const isEmail = (value: string): boolean => {
  const trimmed = value.trim();
  return trimmed.length <= EMAIL_MAX && EMAIL_PATTERN.test(trimmed);
};

export * from './registration-variants.ts';

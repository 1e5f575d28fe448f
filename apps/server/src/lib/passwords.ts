import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (a const enum, which verbatimModuleSyntax can't import). */
const ARGON2ID = 2;

/** OWASP Password Storage Cheat Sheet headline setting (security.md §4.1, R08). */
const ARGON2_POLICY = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** True when the stored hash is not argon2id at or above the policy: rehash it on the next login. */
  needsRehash(hash: string): boolean;
  /** Spends the time of a real verify for an unknown account, so timing does not reveal it (R05). */
  dummyVerify(password: string): Promise<void>;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/;

export function createPasswordHasher(
  params: { memoryCost: number; timeCost: number; parallelism: number } = ARGON2_POLICY,
): PasswordHasher {
  const options = { algorithm: ARGON2ID, ...params };
  // A hash of a random password: verifying against it costs what a real verify costs.
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    verify: async (stored, password) => {
      try {
        return await verify(stored, password);
      } catch {
        return false; // malformed stored hash: never a match
      }
    },
    needsRehash: (stored) => {
      const m = PHC.exec(stored);
      if (!m) return true;
      return Number(m[1]) < params.memoryCost || Number(m[2]) < params.timeCost;
    },
    dummyVerify: async (password) => {
      dummyHash ??= hash(crypto.randomUUID(), options);
      await verify(await dummyHash, password).catch(() => false);
    },
  };
}

import { randomInt } from 'node:crypto';

// No look-alike characters (0/O, 1/l/I): the password is typed from an e-mail.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A CSPRNG temporary password: 16 characters of a 57-symbol alphabet, about 93 bits. */
export function generateTemporaryPassword(length = 16): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** The first login must replace it (cambia_pass = 1), and it stops working after 7 days. */
export const TEMPORARY_PASSWORD_DAYS = 7;

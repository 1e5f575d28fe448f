import { createHash, randomBytes } from 'node:crypto';

/** 32 CSPRNG bytes, base64url: 43 characters, 256 bits (security.md R10). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored; the token itself never reaches the database or the logs. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM with a key the database does not hold (decision 201): `v1.<iv>.<tag>.<ciphertext>` in base64url.
 * `context` (e.g. the owner's id) is bound as associated data, so a sealed value copied onto another row fails.
 */
const VERSION = 'v1';

export function seal(key: Buffer, plain: Buffer, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The sealed bytes, or an error when the value was altered, sealed with another key or for another context. */
export function unseal(key: Buffer, sealed: string, context: string): Buffer {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, strictBase64url(iv));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(strictBase64url(tag));
  return Buffer.concat([decipher.update(strictBase64url(body)), decipher.final()]);
}

/** Bytes of a canonical base64url text only: Buffer.from ignores a final character's spare bits, so an altered one would open. */
function strictBase64url(text: string): Buffer {
  const bytes = Buffer.from(text, 'base64url');
  if (bytes.toString('base64url') !== text) throw new Error('not a sealed value');
  return bytes;
}

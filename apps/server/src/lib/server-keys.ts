import { hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * The one secret the database does not hold (decision 201): the audit checkpoints are signed with keys derived
 * from it and second-factor secrets and queued e-mails (decision 224) are sealed with it, so a copy of the database alone can neither forge the one
 * nor read the other. From SECRET_KEY (required in production on PostgreSQL: every instance needs the same key);
 * unset, a random key kept in `<DATA_DIR>/secret.key` (0600), made on first use.
 */
export type KeyPurpose =
  'audit-checkpoint' | 'second-factor-seal' | 'recovery-code-hash' | 'mail-seal' | 'registration-seal';

const KEY_FILE = 'secret.key';
const masters = new WeakMap<Pick<Config, 'secretKey' | 'dataDir'>, Buffer>();

function decode(text: string): Buffer {
  const trimmed = text.trim();
  return /^[0-9a-fA-F]+$/.test(trimmed) && trimmed.length % 2 === 0
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64url');
}

function keyFileSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    // 'wx': two instances starting on one DATA_DIR at once keep the first key written, never two.
    fs.writeFileSync(file, randomBytes(32).toString('base64url') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return decode(fs.readFileSync(file, 'utf8'));
}

function master(config: Pick<Config, 'secretKey' | 'dataDir'>): Buffer {
  let key = masters.get(config);
  if (!key) {
    key = config.secretKey ? decode(config.secretKey) : keyFileSecret(config.dataDir);
    if (key.length < 32) throw new Error(`the server key must be at least 32 bytes (got ${key.length})`);
    masters.set(config, key);
  }
  return key;
}

/** A 32-byte key for one purpose (HKDF-SHA256): one purpose's key says nothing of another's. */
export function serverKey(config: Pick<Config, 'secretKey' | 'dataDir'>, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', master(config), Buffer.alloc(0), `medida/${purpose}`, 32));
}

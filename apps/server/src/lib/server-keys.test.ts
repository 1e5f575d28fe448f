import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { serverKey } from './server-keys.ts';

const made: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medida-keys-'));
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('serverKey', () => {
  it('derives a different key per purpose from SECRET_KEY, the same for every instance given the same key', () => {
    const secret = 'ab'.repeat(32);
    const a = loadConfig({ SECRET_KEY: secret, DATA_DIR: tempDir() });
    const b = loadConfig({ SECRET_KEY: secret, DATA_DIR: tempDir() });
    expect(serverKey(a, 'audit-checkpoint')).toEqual(serverKey(b, 'audit-checkpoint'));
    expect(serverKey(a, 'audit-checkpoint')).not.toEqual(serverKey(a, 'second-factor-seal'));
    expect(serverKey(a, 'audit-checkpoint')).toHaveLength(32);
  });

  it('without SECRET_KEY keeps one random key in DATA_DIR/secret.key (0600), the same on every start', () => {
    const dir = tempDir();
    const first = serverKey(loadConfig({ DATA_DIR: dir }), 'audit-checkpoint');
    const again = serverKey(loadConfig({ DATA_DIR: dir }), 'audit-checkpoint');
    expect(again).toEqual(first);
    expect(fs.statSync(path.join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(serverKey(loadConfig({ DATA_DIR: tempDir() }), 'audit-checkpoint')).not.toEqual(first);
  });

  it('refuses a short SECRET_KEY, and production on PostgreSQL without one', () => {
    expect(() => loadConfig({ SECRET_KEY: 'abcd' })).toThrow(/SECRET_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db' })).toThrow(/SECRET_KEY/);
  });
});

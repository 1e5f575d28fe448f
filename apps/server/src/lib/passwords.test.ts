import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './passwords.ts';

describe('password hasher', () => {
  const hasher = createPasswordHasher();

  it('stores argon2id PHC strings at m=19456, t=2, p=1 and verifies exactly as typed', async () => {
    const hash = await hasher.hash('senha-ação-çü');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, 'senha-ação-çü')).toBe(true);
    expect(await hasher.verify(hash, 'SENHA-AÇÃO-ÇÜ')).toBe(false);
    expect(await hasher.verify('not a hash', 'x')).toBe(false);
    expect(hasher.needsRehash(hash)).toBe(false);
  });

  it('asks for a rehash of weaker or foreign hashes', async () => {
    const weak = await createPasswordHasher({ memoryCost: 4096, timeCost: 1, parallelism: 1 }).hash('pw');
    expect(hasher.needsRehash(weak)).toBe(true);
    expect(hasher.needsRehash('$2b$10$abcdefghijklmnopqrstuv')).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './create-db.ts';
import { createFreshTestDb } from './testing.ts';

describe('account roots (migration 0005)', () => {
  let handle: DbHandle;
  let n = 0;
  beforeAll(async () => {
    handle = await createFreshTestDb();
  });
  afterAll(() => handle?.close());

  const user = async (type: 1 | 2, parent: number | null) =>
    handle.db
      .insertInto('users')
      .values({ type, email: `root${++n}@example.test`, nombre: 'N', apellido: 'A', parent_user_id: parent })
      .returning(['id', 'account_root_id'])
      .executeTakeFirstOrThrow();

  it('sets every user to its tree root and every evaluation to its client root, on any insert path', async () => {
    const root = await user(1, null);
    expect(root.account_root_id).toBe(root.id);
    const pro = await user(1, root.id);
    const client = await user(2, pro.id);
    expect([pro.account_root_id, client.account_root_id]).toEqual([root.id, root.id]);
    const evaluation = await handle.db
      .insertInto('evaluations')
      .values({ client_id: client.id, evaluator_id: pro.id, evaluation_type: 1, evaluated_on: '2026-01-01' })
      .returning('account_root_id')
      .executeTakeFirstOrThrow();
    expect(evaluation.account_root_id).toBe(root.id);
  });

  it('lets a user move within its account, never to another one, and ignores a written root', async () => {
    const root = await user(1, null);
    const pro = await user(1, root.id);
    const client = await user(2, pro.id);
    await handle.db.updateTable('users').set({ parent_user_id: root.id }).where('id', '=', client.id).execute();
    const other = await user(1, null);
    await expect(
      handle.db.updateTable('users').set({ parent_user_id: other.id }).where('id', '=', client.id).execute(),
    ).rejects.toThrow(/another account tree/);
    await expect(
      handle.db.updateTable('users').set({ account_root_id: other.id }).where('id', '=', client.id).execute(),
    ).resolves.toBeDefined();
    const stored = await handle.db
      .selectFrom('users')
      .select(['parent_user_id', 'account_root_id'])
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ parent_user_id: root.id, account_root_id: root.id });
  });
});

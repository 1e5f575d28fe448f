import { USER_TYPE } from '@medida/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle } from './create-db.ts';
import { createFreshTestDb } from './testing.ts';

describe('migration 0002: locations, attachments, credit ledger', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createFreshTestDb();
  });
  afterAll(() => handle?.close());

  const statesOf = (iso2: string) =>
    handle.db
      .selectFrom('states')
      .innerJoin('countries', 'countries.id', 'states.country_id')
      .select(['states.id', 'states.name'])
      .where('countries.iso2', '=', iso2)
      .execute();

  it('seeds Chile with its 16 regions and 346 comunas', async () => {
    const regions = await statesOf('CL');
    expect(regions).toHaveLength(16);
    expect(regions.map((r) => r.name)).toContain('Región Metropolitana de Santiago');
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM cities WHERE state_id IN (${sql.join(regions.map((r) => r.id))})`.execute(handle.db);
    expect(rows[0]!.n).toBe(346);
  });

  it('seeds Brazil with its 27 states (26 states and the Federal District)', async () => {
    const states = await statesOf('BR');
    expect(states).toHaveLength(27);
    expect(states.map((s) => s.name)).toContain('Distrito Federal');
  });

  it('seeds cities worldwide, each in an existing state', async () => {
    const { rows } = await sql<{ n: number; orphans: number }>`
      SELECT count(*) AS n, count(*) FILTER (WHERE s.id IS NULL) AS orphans FROM cities c LEFT JOIN states s ON s.id = c.state_id`.execute(
      handle.db,
    );
    expect(rows[0]!.n).toBeGreaterThan(100_000);
    expect(rows[0]!.orphans).toBe(0);
  });

  it('keeps credit ledger entries immutable and amounts positive', async () => {
    const base = { type: USER_TYPE.professional, nombre: 'N', apellido: 'A' };
    const a = await handle.db
      .insertInto('users')
      .values({ ...base, email: 'a@example.com' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const b = await handle.db
      .insertInto('users')
      .values({ ...base, email: 'b@example.com' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const entry = { actor_id: a.id, from_user_id: a.id, to_user_id: b.id };
    const { id } = await handle.db
      .insertInto('credit_ledger')
      .values({ ...entry, amount: 5 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      handle.db
        .insertInto('credit_ledger')
        .values({ ...entry, amount: 0 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      handle.db.updateTable('credit_ledger').set({ amount: 6 }).where('id', '=', id).execute(),
    ).rejects.toThrow(/immutable/);
    await expect(handle.db.deleteFrom('credit_ledger').where('id', '=', id).execute()).rejects.toThrow(/immutable/);
  });
});

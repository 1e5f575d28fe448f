import { describe, expect, it } from 'vitest';
import { rememberFound } from './remember-found.ts';

describe('rememberFound: reference rows found once are kept, misses ask again', () => {
  it('asks the database once per found id', async () => {
    const asked: number[] = [];
    const find = rememberFound(async (id: number) => {
      asked.push(id);
      return { id, country_id: 1 };
    });
    expect(await find(7)).toEqual({ id: 7, country_id: 1 });
    expect(await find(7)).toEqual({ id: 7, country_id: 1 });
    expect(await find(8)).toEqual({ id: 8, country_id: 1 });
    expect(asked).toEqual([7, 8]);
  });

  it('does not remember a miss: a row added later (a migration) is found', async () => {
    const rows = new Map<number, { id: number }>();
    const find = rememberFound(async (id: number) => rows.get(id));
    expect(await find(3)).toBeUndefined();
    rows.set(3, { id: 3 });
    expect(await find(3)).toEqual({ id: 3 });
  });
});

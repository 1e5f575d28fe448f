import { describe, expect, it } from 'vitest';
import type { ListCursor } from './evaluations.repository.ts';
import { createListLadders, ladderStep, type LadderRead } from './list-ladder.ts';

const step = 10;
const row = (position: number): ListCursor => ({ createdMicros: -position, id: position });

/** A list of `total` rows whose row at position i is row(i), read as the repository does; records what was read. */
function list(total: number) {
  const reads: Array<{ after: number | undefined; take: number }> = [];
  const read: LadderRead = async (after, take) => {
    reads.push({ after: after?.id, take });
    const first = after === undefined ? 0 : after.id + 1;
    const walked = Math.max(0, Math.min(take, total - first));
    const rungs: ListCursor[] = [];
    for (let n = step; n <= walked; n += step) rungs.push(row(first + n - 1));
    return { rungs, walked };
  };
  return { reads, read };
}

describe('the anchor ladder (decision 238)', () => {
  it('gives the nearest rung at or before the target, reading only the rungs it lacks up to `through`', async () => {
    const ladders = createListLadders();
    const { reads, read } = list(1000);
    expect(await ladders.view('k', 8, 8, step, read)).toEqual({ start: undefined, rowsAtLeast: 10, total: undefined });
    expect(await ladders.view('k', 57, 57, step, read)).toEqual({
      start: { row: row(49), position: 49 },
      rowsAtLeast: 60,
      total: undefined,
    });
    // Deeper `through`, shallower target: the rungs grow, the start stays the nearest below the target.
    expect(await ladders.view('k', 35, 120, step, read)).toEqual({
      start: { row: row(29), position: 29 },
      rowsAtLeast: 130,
      total: undefined,
    });
    expect(reads).toEqual([
      { after: undefined, take: 10 },
      { after: 9, take: 50 },
      { after: 59, take: 70 },
    ]);
  });

  it('learns the exact length at the end of the list and does not read past it again', async () => {
    const ladders = createListLadders();
    const { reads, read } = list(35);
    const end = { start: { row: row(29), position: 29 }, rowsAtLeast: 35, total: 35 };
    expect(await ladders.view('k', 500, 600, step, read)).toEqual(end);
    expect(await ladders.view('k', 900, 2000, step, read)).toEqual(end);
    expect(reads).toHaveLength(1);
    // A list that ends exactly on a rung.
    const even = list(40);
    expect(await createListLadders().view('k', 100, 100, step, even.read)).toMatchObject({
      rowsAtLeast: 40,
      total: 40,
    });
  });

  it('keeps each key apart (another data version, scope or page size is another ladder)', async () => {
    const ladders = createListLadders();
    const a = list(100);
    const b = list(15);
    expect((await ladders.view('a', 50, 50, step, a.read)).start).toEqual({ row: row(49), position: 49 });
    expect((await ladders.view('b', 50, 50, step, b.read)).start).toEqual({ row: row(9), position: 9 });
    expect(b.reads).toEqual([{ after: undefined, take: 60 }]);
  });

  it('puts the rungs 10 pages apart', () => {
    expect(ladderStep(20)).toBe(200);
    expect(ladderStep(10)).toBe(100);
  });
});

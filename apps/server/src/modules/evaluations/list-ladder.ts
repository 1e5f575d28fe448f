import type { ListCursor } from './evaluations.repository.ts';

/**
 * The anchor ladder of pages reached by number (decision 238): for one list (account, scope, filters, page size) at
 * one data version of its account, the row at every `step`-th position, so that the anchor of page n is walked from
 * the nearest rung below it (less than `step` rows) instead of from the first row, and the capped count is known
 * without a walk where the ladder reaches far enough. A rung is a row's (created_at, id): a keyset position, valid
 * while the account's data version is the one it was read at. Kept in this process's memory only: each instance
 * reads its own rungs, keyed by the data version the session check read from the database.
 */
interface LadderStart {
  /** The rung: the row at position `position` (0-based) of the list. */
  row: ListCursor;
  position: number;
}

/** What the ladder knows for one page: where to walk from, and how many rows the list has at least (or exactly). */
export interface LadderView {
  start: LadderStart | undefined;
  /** Positions 0 … rowsAtLeast - 1 exist. */
  rowsAtLeast: number;
  /** The list's exact length, once a read reached its end. */
  total: number | undefined;
}

/** Reads `take` rows after `after` (from the first row without it): every step-th as a rung, and how many there were. */
export type LadderRead = (
  after: ListCursor | undefined,
  take: number,
) => Promise<{ rungs: ListCursor[]; walked: number }>;

/** How many rows apart the rungs are: 10 pages, so a page's anchor is at most 10 pages of rows past a rung. */
export const ladderStep = (pageSize: number) => 10 * pageSize;

/** How many lists' ladders one process keeps (at most ~500 rungs each at 100,000 rows); the least recently used goes first. */
const LADDERS_KEPT = 200;

interface Ladder {
  /** rungs[i] is the row at position (i + 1) × step - 1. */
  rungs: ListCursor[];
  total: number | undefined;
}

export function createListLadders() {
  const ladders = new Map<string, Ladder>();

  return {
    /**
     * The nearest rung at or before `target` (a 0-based position), after reading the rungs missing up to `through`
     * (the deepest position the caller wants to know exists).
     */
    async view(key: string, target: number, through: number, step: number, read: LadderRead): Promise<LadderView> {
      let ladder = ladders.get(key) ?? { rungs: [], total: undefined };
      ladders.delete(key);
      // Enough rungs that position `through` is known to exist (or the list to end before it).
      const wanted = Math.ceil((through + 1) / step);
      if (ladder.rungs.length < wanted && ladder.total === undefined) {
        const take = (wanted - ladder.rungs.length) * step;
        const more = await read(ladder.rungs.at(-1), take);
        const before = ladder.rungs.length * step;
        ladder = {
          rungs: [...ladder.rungs, ...more.rungs],
          total: more.walked < take ? before + more.walked : undefined,
        };
      }
      ladders.set(key, ladder);
      if (ladders.size > LADDERS_KEPT) ladders.delete(ladders.keys().next().value!);
      const index = Math.min(Math.floor((target + 1) / step), ladder.rungs.length) - 1;
      return {
        start: index < 0 ? undefined : { row: ladder.rungs[index]!, position: (index + 1) * step - 1 },
        rowsAtLeast: ladder.total ?? ladder.rungs.length * step,
        total: ladder.total,
      };
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One round's medians of each side and of each pair's difference (a − b), in ms. */
interface PairedRound {
  a: number;
  b: number;
  difference: number;
}

/**
 * Timing of two kinds of request that must answer alike (enumeration, decision 017): rounds of 20 interleaved pairs,
 * alternating which goes first so a warm-up or a load spike favours neither. The median of each pair's difference
 * cancels load that changes from pair to pair (other test files on the same two cores), where it skews two separate
 * medians. A round that a load spike skews is measured again, up to five times; returns every round measured until
 * `within` held, and whether it did.
 */
export async function pairedTimingRounds(
  pair: (i: number) => Promise<{ a: () => Promise<number>; b: () => Promise<number> }>,
  within: (round: PairedRound) => boolean,
): Promise<{ rounds: PairedRound[]; within: boolean }> {
  const rounds: PairedRound[] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    const aTimes: number[] = [];
    const bTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const { a, b } = await pair(i);
      if (i % 2 === 0) {
        aTimes.push(await a());
        bTimes.push(await b());
      } else {
        bTimes.push(await b());
        aTimes.push(await a());
      }
    }
    const round = { a: median(aTimes), b: median(bTimes), difference: median(aTimes.map((t, i) => t - bTimes[i]!)) };
    rounds.push(round);
    if (within(round)) return { rounds, within: true };
  }
  return { rounds, within: false };
}

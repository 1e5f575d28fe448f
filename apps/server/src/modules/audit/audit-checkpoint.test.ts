import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HOUR } from '../../lib/clock.ts';
import { verifyHead } from './audit-chain.ts';
import { CHECKPOINT_GENESIS, signCheckpoint, verifyCheckpoints, type CheckpointRow } from './audit-checkpoint.ts';

const key = randomBytes(32);
const t0 = new Date('2026-11-29T10:00:00Z');

/** A well-formed series: checkpoint i signs account 1 at seq i. */
function series(n: number): CheckpointRow[] {
  const rows: CheckpointRow[] = [];
  for (let seq = 1; seq <= n; seq++) {
    const c = {
      seq,
      created_at: new Date(t0.getTime() + seq * HOUR),
      heads: [[1, seq, `h${seq}`]] as CheckpointRow['heads'],
      prev_signature: rows.at(-1)?.signature ?? CHECKPOINT_GENESIS,
    };
    rows.push({ ...c, signature: signCheckpoint(key, c) });
  }
  return rows;
}
const rowHash = (account: number, seq: number) => (account === 1 && seq <= 3 ? `h${seq}` : undefined);
const noEvents = { count: 3, after: () => 0 };
const at = (hours: number) => ({ now: new Date(t0.getTime() + hours * HOUR), intervalMs: HOUR });

describe('audit chain heads and checkpoints (decision 204)', () => {
  it('compares the last row with its head', () => {
    expect(verifyHead(1, { seq: 3, hash: 'a' }, { seq: 3, hash: 'a' })).toEqual([]);
    expect(verifyHead(1, { seq: 2, hash: 'a' }, { seq: 3, hash: 'b' })).toEqual([
      { account_id: 1, seq: 3, problem: 'tail_deleted' },
    ]);
    expect(verifyHead(1, undefined, { seq: 3, hash: 'b' })).toEqual([
      { account_id: 1, seq: 1, problem: 'chain_deleted' },
    ]);
    expect(verifyHead(1, { seq: 3, hash: 'x' }, { seq: 3, hash: 'b' })[0]?.problem).toBe('head_mismatch');
    expect(verifyHead(1, { seq: 4, hash: 'x' }, { seq: 3, hash: 'b' })[0]?.problem).toBe('head_mismatch');
    expect(verifyHead(1, { seq: 3, hash: 'x' }, undefined)[0]?.problem).toBe('head_missing');
  });

  it('accepts a whole series and reports a changed, a removed, a relinked and an unsigned checkpoint', () => {
    expect(verifyCheckpoints(key, series(3), rowHash, noEvents, at(4))).toEqual({ problems: [], stale: null });

    const changed = series(3);
    changed[1] = { ...changed[1]!, heads: [[1, 2, 'other']] };
    expect(verifyCheckpoints(key, changed, rowHash, noEvents, at(4)).problems).toEqual([
      { checkpoint: 2, problem: 'checkpoint_signature_bad' },
    ]);

    const removed = series(3).filter((c) => c.seq !== 2);
    expect(verifyCheckpoints(key, removed, rowHash, noEvents, at(4)).problems).toEqual([
      { checkpoint: 2, problem: 'checkpoint_missing' },
    ]);
    expect(verifyCheckpoints(key, series(3).slice(1), rowHash, noEvents, at(4)).problems).toEqual([
      { checkpoint: 1, problem: 'checkpoint_missing' },
    ]);

    const otherKey = series(3).map((c) => ({ ...c, signature: signCheckpoint(randomBytes(32), c) }));
    expect(verifyCheckpoints(key, otherKey, rowHash, noEvents, at(4)).problems.map((p) => p.problem)).toContain(
      'checkpoint_signature_bad',
    );

    expect(verifyCheckpoints(key, series(4), rowHash, noEvents, at(5)).problems).toEqual([
      { checkpoint: 4, problem: 'checkpointed_row_missing', account_id: 1, seq: 4 },
    ]);
    expect(verifyCheckpoints(key, [], rowHash, noEvents, at(4)).problems).toEqual([
      { checkpoint: 0, problem: 'no_checkpoint' },
    ]);
  });

  it('warns, without failing, when the newest checkpoint is older than two intervals and events came after it', () => {
    const events = { count: 3, after: () => 2 };
    expect(verifyCheckpoints(key, series(3), rowHash, events, at(4.5)).stale).toBeNull();
    expect(verifyCheckpoints(key, series(3), rowHash, events, at(6))).toEqual({
      problems: [],
      stale: { newest: series(3)[2]!.created_at, eventsAfter: 2 },
    });
    expect(verifyCheckpoints(key, series(3), rowHash, noEvents, at(30)).stale).toBeNull();
  });
});

import { createHmac, timingSafeEqual } from 'node:crypto';

/** The first checkpoint's `prev_signature`. */
export const CHECKPOINT_GENESIS = '0'.repeat(64);

/** One account's chain end as a checkpoint states it: [account_id, seq, hash]. */
export type CheckpointHead = [number, number, string];

export interface CheckpointRow {
  seq: number;
  created_at: Date;
  heads: CheckpointHead[];
  prev_signature: string;
  signature: string;
}

/**
 * HMAC-SHA256 (decision 204) over a JSON array of the checkpoint's number, time, the signature before it and the
 * heads that changed since, ordered by account: the series is a chain, so a checkpoint removed from its middle or
 * start, or one changed, breaks it; the key comes from `serverKey(config, 'audit-checkpoint')` (decision 201).
 */
export function signCheckpoint(key: Buffer, c: Omit<CheckpointRow, 'signature'>): string {
  return createHmac('sha256', key)
    .update(JSON.stringify([c.seq, c.created_at.toISOString(), c.prev_signature, c.heads]))
    .digest('hex');
}

interface CheckpointProblem {
  checkpoint: number;
  problem:
    | 'checkpoint_missing' // a number of the series is absent (the series must run 1, 2, 3…)
    | 'checkpoint_chain_broken' // prev_signature is not the signature of the checkpoint before
    | 'checkpoint_signature_bad' // forged or changed: the HMAC does not match
    | 'checkpointed_row_missing' // a row a signed checkpoint vouched for is gone (tail cut, head rewritten)
    | 'checkpointed_row_changed' // the row at a checkpointed seq has another hash
    | 'no_checkpoint'; // events exist but no signed checkpoint vouches for any of them
  account_id?: number;
  seq?: number;
}

export interface CheckpointVerification {
  problems: CheckpointProblem[];
  /** Not a failure: the newest checkpoint is older than two intervals and events were appended after it. */
  stale: { newest: Date; eventsAfter: number } | null;
}

/**
 * Checks the signed series and that every head it vouched for still exists: `rowHash` gives the hash of an
 * account's row at a seq (undefined when the row is gone). A checkpoint whose signature fails vouches for nothing.
 */
export function verifyCheckpoints(
  key: Buffer,
  checkpoints: CheckpointRow[],
  rowHash: (account: number, seq: number) => string | undefined,
  events: { count: number; after: (time: Date) => number },
  staleAfter: { now: Date; intervalMs: number },
): CheckpointVerification {
  const problems: CheckpointProblem[] = [];
  if (checkpoints.length === 0)
    return { problems: events.count > 0 ? [{ checkpoint: 0, problem: 'no_checkpoint' }] : [], stale: null };
  let expected = 1;
  let previous = CHECKPOINT_GENESIS;
  for (const c of checkpoints) {
    if (c.seq !== expected) problems.push({ checkpoint: expected, problem: 'checkpoint_missing' });
    else if (c.prev_signature !== previous) problems.push({ checkpoint: c.seq, problem: 'checkpoint_chain_broken' });
    expected = c.seq + 1;
    previous = c.signature;
    if (!sameHex(signCheckpoint(key, c), c.signature)) {
      problems.push({ checkpoint: c.seq, problem: 'checkpoint_signature_bad' });
      continue;
    }
    for (const [account, seq, hash] of c.heads) {
      const found = rowHash(account, seq);
      if (found === undefined)
        problems.push({ checkpoint: c.seq, problem: 'checkpointed_row_missing', account_id: account, seq });
      else if (found !== hash)
        problems.push({ checkpoint: c.seq, problem: 'checkpointed_row_changed', account_id: account, seq });
    }
  }
  const newest = checkpoints.at(-1)!.created_at;
  const eventsAfter = events.after(newest);
  const stale =
    staleAfter.now.getTime() - newest.getTime() > 2 * staleAfter.intervalMs && eventsAfter > 0
      ? { newest, eventsAfter }
      : null;
  return { problems, stale };
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

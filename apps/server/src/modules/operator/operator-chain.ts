import { createHash } from 'node:crypto';

/** The fields an operator event's hash covers: everything but the hash itself, the previous hash first. */
export interface OperatorEventFields {
  seq: number;
  occurred_at: Date;
  operator_id: number;
  action: string;
  account_id: number | null;
  request_id: number | null;
  credits: number | null;
  note: string | null;
  prev_hash: string;
}

/** SHA-256 over a JSON array of the fields in a fixed order (no ambiguity), as the audit chain does (decision 162). */
export function operatorEventHash(e: OperatorEventFields): string {
  const text = JSON.stringify([
    e.prev_hash,
    e.seq,
    e.occurred_at.toISOString(),
    e.operator_id,
    e.action,
    e.account_id,
    e.request_id,
    e.credits,
    e.note,
  ]);
  return createHash('sha256').update(text).digest('hex');
}

/** The first event whose hash or link is wrong, or null when the whole chain holds. */
export function brokenOperatorEvent(events: (OperatorEventFields & { hash: string })[]): number | null {
  let prev = '0'.repeat(64);
  for (const e of events) {
    if (e.prev_hash !== prev || operatorEventHash(e) !== e.hash) return e.seq;
    prev = e.hash;
  }
  return null;
}

import { createHash } from 'node:crypto';

/** The first row of every account's chain points to this. */
const GENESIS_HASH = '0'.repeat(64);

/** The fields a row's hash covers: everything but its own id and hash. */
export interface ChainedFields {
  account_id: number;
  seq: number;
  occurred_at: Date;
  actor_id: number | null;
  actor_type: number | null;
  client_id: number;
  resource_type: string;
  resource_id: string | null;
  action: string;
  result: string;
  request_id: string | null;
  ip: string | null;
  prev_hash: string;
}

/** SHA-256 over the previous hash and this row's fields, in a fixed order (JSON array: no ambiguity). */
export function auditHash(row: ChainedFields): string {
  return createHash('sha256').update(canonicalText(row)).digest('hex');
}

/** The text auditHash hashes: the JSON array of the previous hash and the row's fields. */
export function canonicalText(row: ChainedFields): string {
  return JSON.stringify([
    row.prev_hash,
    row.account_id,
    row.seq,
    row.occurred_at.toISOString(),
    row.actor_id,
    row.actor_type,
    row.client_id,
    row.resource_type,
    row.resource_id,
    row.action,
    row.result,
    row.request_id,
    row.ip,
  ]);
}

/** The values only the chain's end decides: the append (migration 0024) fills them in. */
type DecidedByTheChain = 'prev_hash' | 'account_id' | 'seq' | 'client_id';

/**
 * canonicalText around the values the database fills in (decision 162): for a row with these fields,
 * `["<prev_hash>",<account_id>,<seq>,` + middle + `<client_id>` + tail is its canonical text, byte for byte. The
 * strings are JSON-encoded here, by the same JSON.stringify; the database adds only hex and integers.
 */
export function canonicalAround(fields: Omit<ChainedFields, DecidedByTheChain>): { middle: string; tail: string } {
  const before = JSON.stringify([fields.occurred_at.toISOString(), fields.actor_id, fields.actor_type]);
  const after = JSON.stringify([
    fields.resource_type,
    fields.resource_id,
    fields.action,
    fields.result,
    fields.request_id,
    fields.ip,
  ]);
  return { middle: `${before.slice(1, -1)},`, tail: `,${after.slice(1)}` };
}

export interface ChainProblem {
  account_id: number;
  seq: number;
  problem:
    | 'missing_row' // a gap in seq: a row deleted (or renumbered) inside the chain
    | 'hash_mismatch' // a changed row
    | 'broken_link' // a row spliced in
    | 'tail_deleted' // the head names a later seq than the last row: rows deleted at the end (decision 204)
    | 'chain_deleted' // a head with no rows at all: the whole chain deleted
    | 'head_mismatch' // the last row is not the one the head names: the head or the last row rewritten
    | 'head_missing'; // rows with no head: the head deleted
}

/**
 * Checks one account's rows (ordered by seq): seq runs 1, 2, 3… without gaps (a deleted row leaves
 * one), each hash matches its fields (a changed row), and each prev_hash is the previous row's hash.
 */
export function verifyChain(rows: Array<ChainedFields & { hash: string }>): ChainProblem[] {
  const problems: ChainProblem[] = [];
  let expectedSeq = 1;
  let previousHash = GENESIS_HASH;
  for (const row of rows) {
    if (row.seq !== expectedSeq)
      problems.push({ account_id: row.account_id, seq: expectedSeq, problem: 'missing_row' });
    else if (row.prev_hash !== previousHash)
      problems.push({ account_id: row.account_id, seq: row.seq, problem: 'broken_link' });
    if (auditHash(row) !== row.hash)
      problems.push({ account_id: row.account_id, seq: row.seq, problem: 'hash_mismatch' });
    expectedSeq = row.seq + 1;
    previousHash = row.hash;
  }
  return problems;
}

/**
 * Compares a chain's last row with the head the append wrote in the same statement (decision 204): rows deleted at
 * the end leave the head ahead of them, a chain deleted whole leaves its head alone.
 */
export function verifyHead(
  accountId: number,
  last: { seq: number; hash: string } | undefined,
  head: { seq: number; hash: string } | undefined,
): ChainProblem[] {
  if (!head) return last ? [{ account_id: accountId, seq: last.seq, problem: 'head_missing' }] : [];
  if (!last) return [{ account_id: accountId, seq: 1, problem: 'chain_deleted' }];
  if (last.seq < head.seq) return [{ account_id: accountId, seq: last.seq + 1, problem: 'tail_deleted' }];
  if (last.seq !== head.seq || last.hash !== head.hash)
    return [{ account_id: accountId, seq: head.seq, problem: 'head_mismatch' }];
  return [];
}

import type { Database, Kysely } from '@medida/db';
import { verifyChain, verifyHead, type ChainProblem } from './audit-chain.ts';
import { verifyCheckpoints, type CheckpointVerification } from './audit-checkpoint.ts';
import { createAuditRepository } from './audit.repository.ts';

export interface AuditVerification {
  accounts: number;
  rows: number;
  problems: ChainProblem[];
  /** Each chain's head as the heads table holds it (decision 204). */
  heads: Array<{ account_id: number; seq: number; hash: string }>;
  /** With a key: the signed checkpoint series and what it vouches for (decision 204). */
  checkpoints?: CheckpointVerification & { count: number };
}

export interface CheckpointCheck {
  key: Buffer;
  /** The checkpoint interval: a series whose newest is older than two of them while events came after is stale. */
  intervalMs: number;
  now: Date;
}

/**
 * Re-computes every account's chain (decision 142), compares each chain's last row with the head written with it
 * (decision 204: a deleted tail, a whole chain deleted) and, given the key, checks the signed checkpoints.
 */
export async function verifyAuditTrail(db: Kysely<Database>, check?: CheckpointCheck): Promise<AuditVerification> {
  const repository = createAuditRepository(db);
  const [rows, heads] = await Promise.all([repository.allInChainOrder(), repository.allHeads()]);
  const byAccount = new Map<number, typeof rows>();
  for (const row of rows) {
    const list = byAccount.get(row.account_id) ?? [];
    list.push(row);
    byAccount.set(row.account_id, list);
  }
  const headOf = new Map(heads.map((h) => [h.account_id, h]));
  const problems: ChainProblem[] = [];
  for (const [accountId, chain] of byAccount) {
    problems.push(...verifyChain(chain));
    problems.push(...verifyHead(accountId, chain.at(-1), headOf.get(accountId)));
  }
  for (const head of heads)
    if (!byAccount.has(head.account_id)) problems.push(...verifyHead(head.account_id, undefined, head));

  const result: AuditVerification = { accounts: byAccount.size, rows: rows.length, problems, heads };
  if (check) {
    const checkpoints = await repository.allCheckpoints();
    const hashAt = new Map(rows.map((r) => [`${r.account_id}:${r.seq}`, r.hash]));
    result.checkpoints = {
      count: checkpoints.length,
      ...verifyCheckpoints(
        check.key,
        checkpoints,
        (account, seq) => hashAt.get(`${account}:${seq}`),
        { count: rows.length, after: (time) => rows.filter((r) => r.occurred_at > time).length },
        { now: check.now, intervalMs: check.intervalMs },
      ),
    };
  }
  return result;
}

import type { Database, Kysely } from '@medida/db';
import { verifyChain, type ChainProblem } from './audit-chain.ts';
import { createAuditRepository } from './audit.repository.ts';

export interface AuditVerification {
  accounts: number;
  rows: number;
  problems: ChainProblem[];
  /** The last hash of each chain: keep it elsewhere to also detect a truncated tail later. */
  heads: Array<{ account_id: number; seq: number; hash: string }>;
}

/** Re-computes every account's chain (decision 142). */
export async function verifyAuditTrail(db: Kysely<Database>): Promise<AuditVerification> {
  const rows = await createAuditRepository(db).allInChainOrder();
  const byAccount = new Map<number, typeof rows>();
  for (const row of rows) {
    const list = byAccount.get(row.account_id) ?? [];
    list.push(row);
    byAccount.set(row.account_id, list);
  }
  const problems: ChainProblem[] = [];
  const heads: AuditVerification['heads'] = [];
  for (const [accountId, chain] of byAccount) {
    problems.push(...verifyChain(chain));
    const last = chain.at(-1);
    if (last) heads.push({ account_id: accountId, seq: last.seq, hash: last.hash });
  }
  return { accounts: byAccount.size, rows: rows.length, problems, heads };
}

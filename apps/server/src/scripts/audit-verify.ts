import path from 'node:path';
import { createDb } from '@medida/db';
import { loadConfig } from '../config.ts';
import { serverKey } from '../lib/server-keys.ts';
import { verifyAuditTrail } from '../modules/audit/audit-verify.ts';

/**
 * `npm run audit:verify`: re-computes every account's audit chain in the configured database (DATABASE_URL, else
 * DATA_DIR's embedded one; stop the server first for the embedded one), compares each chain's end with its head and
 * checks the signed checkpoints with the server's key (SECRET_KEY, else DATA_DIR/secret.key: decision 201). Exits 1
 * when a row was changed, inserted or deleted, at the end, in the middle or a whole chain (decisions 142, 204).
 */
const HOW: Record<string, string> = {
  missing_row: 'row deleted in the middle of the chain (a gap in seq)',
  hash_mismatch: 'row changed (its hash does not match its fields)',
  broken_link: 'row inserted or spliced (its prev_hash is not the previous row’s hash)',
  tail_deleted: 'rows deleted at the end of the chain (the head names a later row)',
  chain_deleted: 'whole chain deleted (a head with no rows)',
  head_mismatch: 'head rewritten or last row replaced (the head does not name the last row)',
  head_missing: 'head deleted (rows with no head)',
  checkpoint_missing: 'checkpoint deleted from the signed series',
  checkpoint_chain_broken: 'checkpoint series broken (prev_signature is not the previous signature)',
  checkpoint_signature_bad: 'checkpoint signature bad (forged or changed, or another key)',
  checkpointed_row_missing:
    'row a signed checkpoint vouched for is gone (deleted; with its head rewritten, only this tells)',
  checkpointed_row_changed: 'row at a checkpointed seq has another hash than the checkpoint signed',
  no_checkpoint: 'events but no signed checkpoint (the checkpoint table emptied, or the server never started)',
};

const config = loadConfig();
const key = serverKey(config, 'audit-checkpoint');
const handle = config.databaseUrl
  ? await createDb({ postgres: { connectionString: config.databaseUrl } })
  : await createDb({ pglite: { dataDir: path.join(config.dataDir, 'pgdata') } });
try {
  const result = await verifyAuditTrail(handle.db, { key, intervalMs: config.auditCheckpointMs, now: new Date() });
  const checkpoints = result.checkpoints!;
  console.log(
    `audit trail: ${result.rows} events in ${result.accounts} account chains, ${result.heads.length} heads, ` +
      `${checkpoints.count} signed checkpoints`,
  );
  for (const head of result.heads) console.log(`  account ${head.account_id}: seq ${head.seq} head ${head.hash}`);
  const broken = [
    ...result.problems.map((p) => `  BROKEN account ${p.account_id} seq ${p.seq}: ${p.problem}: ${HOW[p.problem]}`),
    ...checkpoints.problems.map(
      (p) =>
        `  BROKEN checkpoint ${p.checkpoint}${p.account_id === undefined ? '' : ` account ${p.account_id} seq ${p.seq}`}: ` +
        `${p.problem}: ${HOW[p.problem]}`,
    ),
  ];
  if (checkpoints.stale)
    console.log(
      `  WARNING: the newest checkpoint (${checkpoints.stale.newest.toISOString()}) is older than two intervals and ` +
        `${checkpoints.stale.eventsAfter} events came after it: the checkpoint job stopped, or the server was killed ` +
        'and not started again (a row deleted at the end after it would not be seen)',
    );
  if (broken.length === 0) console.log('chains verified: no changed, inserted or deleted row');
  else {
    for (const line of broken) console.log(line);
    console.log(`${broken.length} problem(s) found`);
    process.exitCode = 1;
  }
} finally {
  await handle.close();
}

import path from 'node:path';
import { createDb } from '@medida/db';
import { loadConfig } from '../config.ts';
import { verifyAuditTrail } from '../modules/audit/audit-verify.ts';

/**
 * `npm run audit:verify`: re-computes every account's audit chain in the configured database
 * (DATABASE_URL, else DATA_DIR's embedded one; stop the server first for the embedded one) and
 * exits 1 when a row was changed, inserted or deleted (decision 142). Prints each chain's head.
 */
const config = loadConfig();
const handle = config.databaseUrl
  ? await createDb({ postgres: { connectionString: config.databaseUrl } })
  : await createDb({ pglite: { dataDir: path.join(config.dataDir, 'pgdata') } });
try {
  const result = await verifyAuditTrail(handle.db);
  console.log(`audit trail: ${result.rows} events in ${result.accounts} account chains`);
  for (const head of result.heads) console.log(`  account ${head.account_id}: seq ${head.seq} head ${head.hash}`);
  if (result.problems.length === 0) console.log('chains verified: no changed, inserted or deleted row');
  else {
    for (const p of result.problems) console.log(`  TAMPERED account ${p.account_id} seq ${p.seq}: ${p.problem}`);
    console.log(`${result.problems.length} problem(s) found`);
    process.exitCode = 1;
  }
} finally {
  await handle.close();
}

/**
 * The embedded database's maintenance pass (decision 166) on an existing PGlite data directory: which tables need
 * it, each table's VACUUM (ANALYZE) time, and how long a one-row query waits for the session meanwhile (probed every
 * 5 ms, as a request would). BENCH_ALL=1: every table, needed or not. Not a test. Run on a copy: the pass changes
 * the directory.
 *   BENCH_DATA_DIR=/tmp/copy-of-data npx tsx bench/maintenance.bench.ts   (in apps/server; the directory holds pgdata/)
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDb, runMaintenancePass, sql, tablesNeedingMaintenance } from '@medida/db';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR: a copy of a data directory');
const handle = await createDb({ pglite: { dataDir: path.join(dataDir, 'pgdata') } });
try {
  console.log(`tables needing maintenance: ${(await tablesNeedingMaintenance(handle.db)).join(', ') || 'none'}`);
  const waits: number[] = [];
  let passing = true;
  const probe = (async () => {
    while (passing) {
      const start = performance.now();
      await sql`SELECT 1`.execute(handle.db);
      waits.push(performance.now() - start);
      await sleep(5);
    }
  })();
  const load0 = loadavg()[0]!;
  const started = performance.now();
  const everyTable = process.env.BENCH_ALL
    ? (
        await sql<{ relname: string }>`
          SELECT relname FROM pg_stat_user_tables ORDER BY pg_relation_size(relid), relname`.execute(handle.db)
      ).rows.map((row) => row.relname)
    : undefined;
  const pass = await runMaintenancePass(handle.db, () => true, everyTable);
  const total = performance.now() - started;
  passing = false;
  await probe;
  waits.sort((a, b) => a - b);
  console.log('| table | VACUUM (ANALYZE) ms |\n|---|---:|');
  for (const { table, ms } of [...pass.tables].sort((a, b) => b.ms - a.ms)) console.log(`| ${table} | ${ms} |`);
  console.log(
    `pass: ${pass.tables.length} tables in ${(total / 1000).toFixed(1)} s; a one-row query meanwhile waited p50 ${waits[Math.floor(waits.length / 2)]!.toFixed(1)} ms, max ${waits.at(-1)!.toFixed(1)} ms (${waits.length} probes); load average ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  await handle.close();
}

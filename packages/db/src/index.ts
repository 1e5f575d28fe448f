export { createDb, type DbHandle, type DbOptions } from './create-db.ts';
export { knownMigrations, migrateToLatest, migrateUpTo } from './migrate.ts';
export {
  TABLES_NOT_ARCHIVED,
  archivedTables,
  beginTableRestore,
  insertArchivedRows,
  readOnlySnapshot,
  appliedMigrations,
  holdsNoData,
  restoreSequences,
  sequenceValues,
  tableCounts,
  tableRows,
  type ArchivedTable,
  type SequenceValue,
} from './archive-tables.ts';
export { seedDemoData, demoAccountExists, DEMO_ACCOUNT, type SeedOptions } from './seed.ts';
export { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './data-dir-lock.ts';
export { createPglitePool } from './pglite-pool.ts';
export { notifyChannel, type Listener, type ListenHandlers } from './pg-listener.ts';
export { databaseColumns } from './database.ts';
export type * from './database.ts';
export {
  sql,
  type CompiledQuery,
  type Expression,
  type InferResult,
  type Kysely,
  type KyselyPlugin,
  type RawBuilder,
  type Transaction,
} from 'kysely';
export { isUniqueViolation } from './errors.ts';
export { inTransaction } from './nested-transaction.ts';
export { compiledQueries, type Slots } from './compiled-queries.ts';
export { MAX_TREE_DEPTH, accountRootOf, belowActor, parentInActorTree, userBelowActor } from './account-tree.ts';
export { batchRows } from './batch-rows.ts';
export {
  analyzeTablesOutgrowingTheirStatistics,
  runMaintenancePass,
  tablesNeedingMaintenance,
  tablesOutgrowingTheirStatistics,
  type MaintenancePass,
} from './maintenance.ts';
export { sourceWorkerEntry } from './source-worker.ts';

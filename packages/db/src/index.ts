export { createDb, type DbHandle, type DbOptions } from './create-db.ts';
export { migrateToLatest } from './migrate.ts';
export { seedDemoData, demoAccountExists, DEMO_ACCOUNT, type SeedOptions } from './seed.ts';
export { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './data-dir-lock.ts';
export { createPglitePool } from './pglite-pool.ts';
export { databaseColumns } from './database.ts';
export type * from './database.ts';
export { sql, type Kysely, type Transaction } from 'kysely';
export { isUniqueViolation } from './errors.ts';

import { archivedTables, tableRows, type Database, type Kysely } from '@medida/db';

/** Every archived table's rows as sorted JSON texts, to compare two databases row for row (backup and restore). */
export async function tableContents(
  db: Kysely<Database>,
  options: { except?: string[] } = {},
): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  for (const table of await archivedTables(db)) {
    if (options.except?.includes(table.name)) continue;
    const rows: string[] = [];
    for await (const page of tableRows(db, table.name)) rows.push(...page);
    all[table.name] = rows.sort();
  }
  return all;
}

import type { KyselyPlugin } from '@medida/db';

/** Counts every statement run through Kysely (query builder and raw `sql`); BEGIN and COMMIT pass it by. */
export function statementCounter() {
  const counter = { count: 0 };
  // transformResult runs once per executed statement (transformQuery also runs for embedded sub-queries).
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.count++;
      return args.result;
    },
  };
  return { counter, plugin };
}

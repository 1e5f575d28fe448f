import type { Compilable, CompiledQuery, QueryResult } from 'kysely';

const SLOT = Symbol('query parameter slot');

interface Slot {
  readonly [SLOT]: string;
}

const isSlot = (value: unknown): value is Slot => typeof value === 'object' && value !== null && SLOT in value;

/** Stand-ins for a query's parameters while it is built once, typed as the values they stand for. */
export type Slots<P> = { readonly [K in keyof P]: P[K] };

/**
 * Queries built and compiled once per shape, then run with each call's values (issue 11). Building a Kysely query
 * (parsing every selection and reference, freezing each node) and compiling it cost ~10 % of a list request's
 * main-thread time, the same work for the same SQL text every time.
 *
 * `build` receives slots instead of values: each one becomes the parameter it stands for, so `build` may only
 * pass them on (to `where`, `limit`, a `sql` template…), never compute with them. Everything else `build` reads
 * must be part of `shape`: the compiled query of a shape is reused for every later call with that shape.
 */
export function compiledQueries<P extends Record<string, unknown>>() {
  const compiled = new Map<string, CompiledQuery<unknown>>();
  const slots = new Proxy({} as Slots<P>, {
    get: (_target, name) => {
      if (typeof name !== 'string') throw new Error('A parameter slot is named by a string');
      return Object.freeze({ [SLOT]: name });
    },
  });

  return {
    async execute<R>(
      db: { executeQuery<T>(query: CompiledQuery<T>): Promise<QueryResult<T>> },
      shape: string,
      params: P,
      build: (slots: Slots<P>) => Compilable<R>,
    ): Promise<R[]> {
      let query = compiled.get(shape) as CompiledQuery<R> | undefined;
      if (!query) {
        query = build(slots).compile();
        compiled.set(shape, query);
      }
      const parameters = query.parameters.map((value) => {
        if (!isSlot(value)) return value;
        const name = value[SLOT];
        if (!(name in params)) throw new Error(`No value for the query parameter '${name}'`);
        return params[name];
      });
      return (await db.executeQuery<R>({ ...query, parameters })).rows;
    },
  };
}

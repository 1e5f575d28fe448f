/**
 * `find` that remembers what it found, for reference data that only migrations write (countries, states, cities):
 * a row found never changes or goes, so every instance on one database may keep it for its lifetime. A miss is not
 * remembered (it asks again), so a row a later migration adds is found. Bounded by the table's size.
 */
export function rememberFound<V>(find: (id: number) => Promise<V | undefined>): (id: number) => Promise<V | undefined> {
  const found = new Map<number, V>();
  return async (id) => {
    const known = found.get(id);
    if (known !== undefined) return known;
    const row = await find(id);
    if (row !== undefined) found.set(id, row);
    return row;
  };
}

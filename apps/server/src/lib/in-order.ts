/**
 * Independent reads asked together (one wait instead of one after the other), answered as if they had run in order:
 * when several fail, the first one's error in argument order is thrown, as the sequential code would have.
 */
export async function inOrder<T extends readonly unknown[]>(reads: {
  [K in keyof T]: T[K] | Promise<T[K]>;
}): Promise<T> {
  const settled = await Promise.allSettled(reads);
  const values: unknown[] = [];
  for (const outcome of settled) {
    if (outcome.status === 'rejected') throw outcome.reason;
    values.push(outcome.value);
  }
  // TypeScript's types: Promise.allSettled over a mapped tuple type answers an array, not the tuple it was given.
  return values as unknown as T;
}

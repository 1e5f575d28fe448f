/**
 * A module (or any value) loaded on the first call and shared by every later one: for the heavy libraries a few
 * routes use, so that start-up does not evaluate them (decision 242). A failed load is tried again on the next call.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/**
 * A loader for a heavy module that few requests need (a driver, a file format, the AI SDK):
 * importing it at its first use rather than at boot keeps start-up fast. The first call starts
 * the import and every later one gets the same promise, so the cost is paid once.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load();
    return loading;
  };
}

/**
 * A loader for a heavy module that few requests need (a driver, a file format, the AI SDK):
 * importing it at its first use rather than at boot keeps start-up fast. The first call starts
 * the import and every later one gets the same promise, so the cost is paid once. Loaded at first
 * use, this way or by a plain dynamic import: the MySQL, DuckDB, Snowflake and BigQuery drivers,
 * exceljs, the Redis adapter, hosted sign-in, the MCP SDK, and the analyst's loop with the AI SDK
 * and the configured provider's SDK; main-process.test.ts checks that start-up loads none of them.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load();
    return loading;
  };
}

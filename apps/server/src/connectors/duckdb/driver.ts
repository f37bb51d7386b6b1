import { loadOnce } from '../../load-once.ts';

/**
 * DuckDB's API and native library load at the first DuckDB connection or upload rather than at
 * boot: most servers never open a DuckDB file.
 */
export const loadDuckdb = loadOnce(() => import('@duckdb/node-api'));

export type DuckdbApi = Awaited<ReturnType<typeof loadDuckdb>>;

import type { RunQueryResult } from '@querent/contracts';
import type { RunResult } from './judge-case.ts';

function errorMessage(text: string): string | null {
  try {
    return (JSON.parse(text) as { error?: { message?: string } } | null)?.error?.message ?? null;
  } catch {
    return null;
  }
}

/**
 * Runs SQL on the evaluated database through the server's own query API (the editor's path), so
 * the reference and the answer's query run on the same connection, engine and row cap. A result
 * cut by the row cap cannot be compared and counts as a failure.
 */
export async function runSql(baseUrl: string, databaseId: string, sql: string): Promise<RunResult> {
  const response = await fetch(`${baseUrl}/api/query/_run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: sql, databaseId }),
  });
  const text = await response.text();
  if (!response.ok) {
    return { ok: false, error: errorMessage(text) ?? `HTTP ${response.status}` };
  }
  const result = JSON.parse(text) as RunQueryResult;
  if (result.truncated) return { ok: false, error: 'the result is longer than the row cap' };
  return { ok: true, table: { columns: result.columns.map((column) => column.name), rows: result.rows } };
}

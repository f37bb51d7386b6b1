import type { AgentVerifiedQuery } from '../agent-port.ts';

/** SQL as written, less what never changes its meaning: runs of spaces and a final semicolon. */
function comparable(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim().replace(/\s*;$/, '');
}

/**
 * The verified query an SQL statement is, when it is one a person checked (the analyst reused its
 * SQL as written): then the answer stands on that verified query, not on SQL the analyst wrote.
 */
export function verifiedQueryOf(
  sql: string,
  verified: readonly AgentVerifiedQuery[],
): AgentVerifiedQuery | null {
  const wanted = comparable(sql);
  return verified.find((query) => comparable(query.sql) === wanted) ?? null;
}

/*
 * Plausible wrong SQL, from the reference: the mistakes an analyst makes when it reads a question
 * carelessly — a negation dropped, "or" read as "and", a filter dropped, the order reversed, a
 * price summed instead of revenue, the distinct forgotten, one row too many. The broken oracle
 * answers with the first of these whose result differs from the reference's.
 */

type Mutation = (sql: string) => string | null;

function replaceFirst(pattern: RegExp, replacement: string): Mutation {
  return (sql) => (pattern.test(sql) ? sql.replace(pattern, replacement) : null);
}

const mutations: Mutation[] = [
  replaceFirst(/<>|!=/, '='),
  replaceFirst(/\bNOT\s+(IN|EXISTS|LIKE)\b/i, '$1'),
  replaceFirst(/\bIS\s+NULL\b/i, 'IS NOT NULL'),
  replaceFirst(/\bIS\s+NOT\s+NULL\b/i, 'IS NULL'),
  replaceFirst(/\)\s+OR\s+\(|\s+OR\s+/i, ' AND '),
  replaceFirst(/\bIN\s*\(\s*('[^']*'|\d+)\s*,[^)]*\)/i, '= $1'),
  // The dropped filter: the outer WHERE up to the next clause.
  replaceFirst(/\bWHERE\b[\s\S]*?(?=\bGROUP BY\b|\bORDER BY\b|\bLIMIT\b|\)\s*(?:AS\s+\w+\s*)?$|$)/i, ' '),
  replaceFirst(/\bDESC\b/i, 'ASC'),
  replaceFirst(/\bSUM\(\s*([\w."]+)\s*\*\s*[\w."]+\s*\)/i, 'SUM($1)'),
  replaceFirst(/\bSUM\(/i, 'AVG('),
  replaceFirst(/\bCOUNT\(\s*DISTINCT\s+/i, 'COUNT('),
  replaceFirst(/\bMAX\(/i, 'MIN('),
  replaceFirst(/\bLIMIT\s+(\d+)/i, 'LIMIT $1 + 1'),
];

/** Candidate wrong queries, most plausible first; the caller keeps the first whose result differs. */
export function brokenCandidates(reference: string): string[] {
  const sql = reference.trim().replace(/;\s*$/, '');
  const candidates = mutations.map((mutate) => mutate(sql)).filter((item): item is string => item !== null);
  // Whatever the reference, no rows at all (or a made-up row when it has none) is wrong.
  candidates.push(`SELECT * FROM (${sql}) AS reference LIMIT 0`, 'SELECT 42 AS answer');
  return [...new Set(candidates.filter((candidate) => candidate !== sql))];
}

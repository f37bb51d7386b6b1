import type { AgentMessage, AgentVerifiedQuery } from './agent-port.ts';
import { TextIndex } from './matching/text-index.ts';

/** Examples shown at most, and how much of the instructions they may take. */
const EXAMPLES_SHOWN = 3;
const EXAMPLE_SQL_CHARS = 1500;

// Words count most in the question a query answers, then its title, a little in its SQL.
const QUESTION = 3;
const TITLE = 2;
const SQL_TEXT = 0.5;

/** The question the turn answers: the latest message the user wrote in words. */
export function latestQuestion(history: readonly AgentMessage[]): string {
  for (const message of [...history].reverse()) {
    if (message.role === 'user' && message.functionCall === null && message.content) return message.content;
  }
  return '';
}

/**
 * The verified queries closest to the question, ranked as the schema search ranks tables (words,
 * stop words, rarity, where a word is found); none when nothing they say matches it.
 */
export function relevantVerifiedQueries(
  question: string,
  verified: readonly AgentVerifiedQuery[],
): AgentVerifiedQuery[] {
  if (question.trim() === '' || verified.length === 0) return [];
  const index = new TextIndex(
    verified.map((query) => ({
      item: query,
      fields: [
        { text: query.question ?? '', weight: QUESTION, key: null },
        { text: query.title ?? '', weight: TITLE, key: null },
        { text: query.sql, weight: SQL_TEXT, key: null },
      ],
    })),
  );
  return index
    .search(question)
    .slice(0, EXAMPLES_SHOWN)
    .map((match) => match.item);
}

/** The examples as the instructions show them. */
export function verifiedExamplesText(examples: readonly AgentVerifiedQuery[]): string | null {
  if (examples.length === 0) return null;
  const lines = examples.map((example) => {
    const sql =
      example.sql.length > EXAMPLE_SQL_CHARS
        ? `${example.sql.slice(0, EXAMPLE_SQL_CHARS - 1)}…`
        : example.sql;
    const asked = example.question ?? example.title ?? '(no question given)';
    return `- Question: ${asked.replace(/\s+/g, ' ').trim()}\n  SQL:\n${sql
      .trim()
      .split('\n')
      .map((line) => `    ${line}`)
      .join('\n')}`;
  });
  return [
    'Verified queries: a person checked that each answers its question on this database. When one answers the question or a close variant, start from its SQL (its joins, filters and definitions such as revenue) and adapt it; still run it to get the figures.',
    ...lines,
  ].join('\n');
}

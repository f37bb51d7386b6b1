import { nameWords } from '../../text/words.ts';
import type { Question } from './question.ts';
import type { Knowledge, KnownTable } from './schema-knowledge.ts';
import { searchableColumns } from './value-probe.ts';

/*
 * Why the offline analyst declined, in one sentence, and a way of asking it would understand,
 * written with this database's own names where it knows them.
 */

export interface Refusal {
  reason: string;
  rephrasing: string | null;
}

const negations = new Set([
  'not',
  'no',
  'never',
  'without',
  'except',
  'excluding',
  'other',
  'nor',
  'neither',
  'none',
]);
const comparisons = new Set([
  'than',
  'more',
  'less',
  'fewer',
  'over',
  'under',
  'above',
  'below',
  'before',
  'after',
  'between',
  'since',
  'until',
]);
const shares = new Set(['percent', 'percentage', 'share', 'ratio', 'proportion', 'fraction', 'rate']);

const quoted = (words: readonly string[]) => words.map((word) => `"${word}"`).join(', ');

/** The table the question seems to be about, and a column to show a condition on. */
function example(knowledge: Knowledge, said: readonly string[]): { table: string; column: string } {
  const tables = [...knowledge.described.values()];
  const named = tables.find((table) => table.words.some((word) => said.includes(word))) ?? tables[0];
  const table: KnownTable | undefined = named;
  if (!table) return { table: knowledge.listing[0]?.name ?? '<table>', column: '<column>' };
  const column =
    searchableColumns(table)[0] ?? table.columns.find((candidate) => !candidate.key) ?? table.columns[0];
  return { table: table.name, column: column?.name ?? '<column>' };
}

export function unsupportedRefusal(question: Extract<Question, { kind: 'unsupported' }>): Refusal {
  switch (question.reason) {
    case 'relative-time':
      return {
        reason: `I cannot tell which dates "${question.words}" covers.`,
        rephrasing:
          'name the period, e.g. "… in the last 30 days", "… last year", "… in March 2024" or "… between 2023 and 2024".',
      };
    case 'currency':
      return {
        reason: `the amounts here carry no currency I could convert ("${question.words}").`,
        rephrasing: 'ask for the amounts as they are stored, e.g. "total revenue".',
      };
    case 'unit':
      return { reason: `I cannot convert "${question.words}".`, rephrasing: null };
    case 'number':
      return {
        reason: `I could not tell what ${question.words} refers to, and answering without it would answer another question.`,
        rephrasing: 'say which column it is compared with, e.g. "… where total is over 100" or "… in 2024".',
      };
  }
}

/** Words no reading used: why that stops the answer, and how to say it instead. */
export function wordsRefusal(words: readonly string[], knowledge: Knowledge, question: string): Refusal {
  const said = nameWords(question);
  const { table, column } = example(knowledge, said);
  const lower = words.map((word) => word.toLowerCase());
  if (lower.some((word) => negations.has(word))) {
    return {
      reason: `I could not tell what ${quoted(words)} applies to, and leaving it out would answer the opposite question.`,
      rephrasing: `"how many ${table} where ${column} is not …"`,
    };
  }
  if (lower.includes('or')) {
    return {
      reason: 'I could not tell which values "or" joins.',
      rephrasing: `"how many ${table} where ${column} is … or …"`,
    };
  }
  if (lower.some((word) => comparisons.has(word))) {
    return {
      reason: `I could not tell what ${quoted(words)} compares.`,
      rephrasing: `"how many ${table} where <numeric column> is over …" or "… between 2023 and 2024"`,
    };
  }
  if (lower.some((word) => shares.has(word))) {
    return {
      reason: `I could not tell which percentage ${quoted(words)} asks for.`,
      rephrasing: `"what percentage of ${table} where ${column} is …"`,
    };
  }
  return {
    reason: `I found nothing in this database for ${quoted(words)}, and answering without ${words.length === 1 ? 'it' : 'them'} would answer another question.`,
    rephrasing: `name a column and a value, e.g. "how many ${table} where ${column} is …"`,
  };
}

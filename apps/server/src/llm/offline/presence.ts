import { singular } from '../../text/words.ts';
import type { Condition } from './condition.ts';
import { simpleCondition } from './condition.ts';
import type { PlanContext } from './plan-context.ts';
import { requireTables, sameTable } from './plan-context.ts';
import type { Filter } from './question.ts';
import { GOOD_FIT, columnScore, matchTable } from './resolve-names.ts';
import type { KnownColumn, KnownTable } from './schema-knowledge.ts';

/*
 * What a row has or lacks: a yes-or-no column ("active products", "discontinued products",
 * "customers who accept marketing"), a column that may be empty ("customers with no email",
 * "employees without a manager"), or related rows ("artists with no album", "products never
 * ordered", "tracks never sold").
 */

// Leading words of yes-or-no column names: is_active, has_children, accepts_marketing.
const yesNoLeads = new Set([
  'is',
  'has',
  'have',
  'can',
  'should',
  'was',
  'accept',
  'allow',
  'enable',
  'want',
  'opt',
]);
// Words that say a yes-or-no column is false.
const opposites: Record<string, string> = {
  inactive: 'active',
  discontinued: 'active',
  archived: 'active',
  retired: 'active',
  disabled: 'enabled',
  unsubscribed: 'subscribed',
  unpaid: 'paid',
  unverified: 'verified',
  unpublished: 'published',
};
// Names of the row a row reports to: a foreign key to its own table.
const superiors = new Set(['manager', 'boss', 'supervisor', 'superior', 'parent', 'lead', 'head']);
// Verbs of selling: the related rows that carry a price are the sales.
const sellingWords = new Set(['sold', 'sale', 'sell', 'bought', 'buy', 'purchase', 'purchased']);

export function isYesNo(column: KnownColumn): boolean {
  if (column.kind === 'boolean') return true;
  return column.kind === 'number' && !column.key && yesNoLeads.has(column.words[0] ?? '');
}

const meaningful = (column: KnownColumn) =>
  column.words.length > 1 && yesNoLeads.has(column.words[0] ?? '') && column.words[0] === 'is'
    ? column.words.slice(1)
    : column.words;

/** The yes-or-no column words name, and whether they say yes: "active" → is_active, yes. */
export function yesNoColumn(
  table: KnownTable,
  words: readonly string[],
): { column: KnownColumn; yes: boolean } | null {
  if (words.length === 0) return null;
  const opposite = words.length === 1 ? (opposites[words[0] ?? ''] ?? null) : null;
  const negated =
    words.length === 1 && /^(?:in|un|non)/.test(words[0] ?? '')
      ? (words[0] ?? '').replace(/^(?:in|un|non)/, '')
      : null;
  for (const column of table.columns.filter(isYesNo)) {
    const names = meaningful(column);
    if (words.every((word) => column.words.includes(word)) && names.every((word) => words.includes(word))) {
      return { column, yes: true };
    }
    const flipped = opposite ?? negated;
    if (flipped !== null && names.length === 1 && names[0] === flipped) return { column, yes: false };
  }
  return null;
}

function yesNoLiteral(column: KnownColumn, yes: boolean): string {
  if (column.kind === 'boolean') return yes ? 'TRUE' : 'FALSE';
  return yes ? '1' : '0';
}

export function yesNoCondition(
  table: KnownTable,
  found: { column: KnownColumn; yes: boolean },
  filter: Filter,
  said: readonly string[],
): Condition {
  const { column, yes } = found;
  return simpleCondition({
    table,
    path: [],
    column: column.name,
    explains: [...said],
    filter,
    write: (query) => `${query.column(table, column.name)} = ${yesNoLiteral(column, yes)}`,
    described: `${column.name} is ${yes ? 'true' : 'false'}`,
  });
}

function emptiable(table: KnownTable, words: readonly string[]): KnownColumn | null {
  if (words.length === 1 && superiors.has(words[0] ?? '')) {
    const own = table.foreignKeys.find((key) => sameTable(key.table, table.name) && key.columns.length === 1);
    const name = own?.columns[0];
    if (name !== undefined) return table.columns.find((column) => column.name === name) ?? null;
  }
  let best: { column: KnownColumn; score: number } | null = null;
  for (const column of table.columns) {
    if (table.primaryKey.includes(column.name)) continue;
    const score = columnScore(words, table, column);
    if (score >= GOOD_FIT && (!best || score > best.score)) best = { column, score };
  }
  return best?.column ?? null;
}

const stem = (word: string) => singular(word.replace(/(?:ed|d)$/, '').replace(/(?:e)$/, '')) || word;

function relatedTable(context: PlanContext, table: KnownTable, words: readonly string[]): KnownTable | null {
  const related = requireTables(context, table.referencedBy);
  const selling = words.some((word) => sellingWords.has(word));
  for (const candidate of related) {
    const tokens = words.map((word) => ({ raw: word, norm: word }));
    if (matchTable(tokens, [candidate.name])) return candidate;
    if (
      words.some((word) =>
        candidate.words.some((part) => part.startsWith(stem(word)) && stem(word).length >= 4),
      )
    )
      return candidate;
    const priced = candidate.columns.some(
      (column) => column.words.includes('price') || column.words.includes('amount'),
    );
    if (selling && priced) return candidate;
  }
  return null;
}

/** A presence filter on the base table, or null when its words name nothing it could test. */
export function presenceCondition(context: PlanContext, table: KnownTable, filter: Filter): Condition | null {
  const words = (filter.column ?? []).map((token) => token.norm);
  const wants = filter.op === 'present';
  const yesNo = yesNoColumn(table, words);
  if (yesNo) return yesNoCondition(table, { column: yesNo.column, yes: yesNo.yes === wants }, filter, words);
  const column = emptiable(table, words);
  if (column) {
    return simpleCondition({
      table,
      path: [],
      column: column.name,
      explains: [...words, ...column.words],
      filter,
      write: (query) => {
        const ref = query.column(table, column.name);
        // An amount of 0 is no fee, no discount: "loans with a late fee" are those charged one.
        if (column.kind === 'number' && !column.key)
          return wants ? `(${ref} IS NOT NULL AND ${ref} <> 0)` : `(${ref} IS NULL OR ${ref} = 0)`;
        return `${ref} IS ${wants ? 'NOT ' : ''}NULL`;
      },
      described:
        column.kind === 'number' && !column.key
          ? `${column.name} is ${wants ? 'set and not 0' : 'empty or 0'}`
          : `${column.name} is ${wants ? 'set' : 'empty'}`,
    });
  }
  const related = relatedTable(context, table, words);
  const key = related?.foreignKeys.find((candidate) => sameTable(candidate.table, table.name));
  if (!related || !key) return null;
  return simpleCondition({
    table,
    path: [],
    column: null,
    explains: [...words, ...related.words],
    filter,
    write: (query) => query.exists(related, key, !wants),
    described: `${wants ? 'it has' : 'it has no'} rows in ${related.name}`,
  });
}

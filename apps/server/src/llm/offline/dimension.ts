import type { JoinStep, PlanContext, Reached } from './plan-context.ts';
import { forwardReach, pathTo } from './plan-context.ts';
import { CannotAnswer, NeedTables } from './plan-types.ts';
import type { QueryBuilder } from './query-builder.ts';
import { GOOD_FIT, columnScore, hintScore, labelColumns, matchTable } from './resolve-names.ts';
import type { KnownColumn, KnownTable } from './schema-knowledge.ts';
import type { Token } from './words.ts';
import { identifierWords } from './words.ts';

/*
 * What "by …" groups on, seen from the table being measured: one of its columns ("by status"),
 * another table reached through foreign keys, shown by its name or title ("by genre"), a column
 * of such a table ("by customer country"), or the year or month of a date ("by month"). Each hop
 * through a foreign key costs a little, so the table's own column wins a tie.
 */

const HOP_COST = 4;

export interface Dimension {
  score: number;
  path: JoinStep[];
  /** The column or table it groups on, in words. */
  display: string;
  /** Expressions to select and group on, with their aliases. */
  select(query: QueryBuilder): { expression: string; alias: string }[];
  /** Extra expressions to group on (a table's key, so two rows with one name stay apart). */
  group(query: QueryBuilder): string[];
  /** Time runs in order; anything else ranks by the value. */
  ordered: boolean;
  /** Words of the question it accounts for besides the names it writes ("month"). */
  words: string[];
}

const aliasOf = (table: KnownTable) => identifierWords(table.name, { table: true }).join('_');

function columnDimension(table: KnownTable, column: KnownColumn, score: number, path: JoinStep[]): Dimension {
  return {
    score,
    path,
    display: column.name,
    select: (query) => [{ expression: query.column(table, column.name), alias: column.name }],
    group: () => [],
    ordered: false,
    words: [],
  };
}

function tableDimension(table: KnownTable, score: number, path: JoinStep[]): Dimension {
  const labels = labelColumns(table);
  const single =
    labels.length === 1 && labels[0] !== undefined && ['name', 'title'].includes(labels[0].words.join(' '));
  return {
    score,
    path,
    display: table.name,
    select: (query) =>
      labels.map((column) => ({
        expression: query.column(table, column.name),
        // "Name" alone says little in a result: the table's name says what it names.
        alias: single ? aliasOf(table) : column.name,
      })),
    group: (query) =>
      table.primaryKey
        .filter((key) => !labels.some((label) => label.name === key))
        .map((key) => query.column(table, key)),
    ordered: false,
    words: [],
  };
}

function timeDimension(
  table: KnownTable,
  column: KnownColumn,
  unit: 'year' | 'month',
  score: number,
  path: JoinStep[],
  context: PlanContext,
): Dimension {
  return {
    score,
    path,
    display: `${unit} of ${column.name}`,
    select: (query) => {
      const ref = query.column(table, column.name);
      return [
        { expression: unit === 'year' ? context.dialect.year(ref) : context.dialect.month(ref), alias: unit },
      ];
    },
    group: () => [],
    ordered: true,
    words: [unit],
  };
}

function candidatesIn(
  table: KnownTable,
  words: string[],
  tokens: readonly Token[],
  path: JoinStep[],
  context: PlanContext,
): Dimension[] {
  const cost = HOP_COST * path.length;
  const found: Dimension[] = [];
  const unit = words.includes('month') ? 'month' : words.includes('year') ? 'year' : null;
  if (unit !== null) {
    const rest = words.filter((word) => word !== unit);
    for (const column of table.columns.filter((candidate) => candidate.dateLike)) {
      const named = rest.length > 0 ? columnScore(rest, table, column) : 0;
      found.push(
        timeDimension(
          table,
          column,
          unit,
          12 + named / 4 + hintScore('date', column) / 10 - cost,
          path,
          context,
        ),
      );
    }
    return found;
  }
  const pathWords = new Set(path.flatMap((step) => [...step.from.words, ...step.to.words]));
  if (path.length > 0) {
    const named = matchTable(tokens, [table.name]);
    if (named) {
      const covered = words.filter((word, index) => named.used.has(index) || pathWords.has(word)).length;
      // A table named outright is worth a little more than a column: two hops still qualify.
      found.push(tableDimension(table, (10 * covered) / words.length + 6 - cost, path));
    }
  }
  // "per loan" of loans is each loan: no column of its own table stands for it ("Loan Date").
  const namesItself = path.length === 0 && matchTable(tokens, [table.name])?.used.size === tokens.length;
  for (const column of namesItself ? [] : table.columns) {
    const score = columnScore(words, table, column);
    // Keys group on meaningless numbers, unless asked for by their exact name.
    if (column.key && score < 16) continue;
    if (score > 0) found.push(columnDimension(table, column, score - cost, path));
  }
  return found;
}

/** "by support rep": a foreign key named by its column groups on the table it points to. */
function keyedTables(table: KnownTable, words: string[], reached: readonly Reached[]): Dimension[] {
  const found: Dimension[] = [];
  for (const entry of reached) {
    const [step] = entry.path;
    if (entry.path.length !== 1 || !step) continue;
    const score = Math.max(
      0,
      ...step.key.columns.map((name) => {
        const column = table.columns.find((candidate) => candidate.name === name);
        return column ? columnScore(words, table, column) : 0;
      }),
    );
    if (score >= GOOD_FIT) found.push(tableDimension(entry.table, score - HOP_COST, entry.path));
  }
  return found;
}

/**
 * The best reading of "by <words>" from `table`, or null. Interrupts to describe the tables its
 * foreign keys lead to when nothing described fits.
 */
export function findDimension(
  context: PlanContext,
  table: KnownTable,
  tokens: readonly Token[],
): Dimension | null {
  const words = tokens.map((token) => token.norm);
  if (words.length === 0) return null;
  const { reached, missing } = forwardReach(context, table);
  const candidates = [
    ...candidatesIn(table, words, tokens, [], context),
    ...reached.flatMap((entry) => candidatesIn(entry.table, words, tokens, entry.path, context)),
    ...keyedTables(table, words, reached),
  ].sort((a, b) => b.score - a.score);
  const best = candidates[0];
  if (best && best.score >= GOOD_FIT) {
    // Two readings fit as well ("by airport": the origin's or the destination's): not guessed.
    const rivals = candidates.filter(
      (candidate) => candidate.score === best.score && candidate.display !== best.display,
    );
    if (rivals.length > 0)
      throw new CannotAnswer(
        `"by ${tokens.map((token) => token.raw).join(' ')}" could mean ${[best, ...rivals].map((candidate) => candidate.display).join(' or ')}, and I cannot tell which one you mean.`,
      );
    return best;
  }
  if (missing.length > 0) throw new NeedTables(missing);
  return null;
}

/** Grouping on a table already chosen ("top 5 artists by number of albums" groups on Artist). */
export function tableAsDimension(
  context: PlanContext,
  from: KnownTable,
  table: KnownTable,
): Dimension | null {
  const path = pathTo(context, from, table);
  if (path === null) return null;
  return tableDimension(table, 15, path);
}

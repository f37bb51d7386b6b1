import type { JoinStep } from './plan-context.ts';
import { CannotAnswer } from './plan-types.ts';
import type { ForeignKey, KnownTable } from './schema-knowledge.ts';
import type { Dialect } from './sql-dialect.ts';
import { identifierWords } from './words.ts';

/*
 * Writes one SELECT over a table and the tables joined to it, laid out one clause per line so
 * the user can read it. With no join, columns are written bare; with joins, through short aliases
 * made of the tables' initials (Track → t, InvoiceLine → il). It remembers every table and column
 * it wrote: the words of those names are what the query can be said to account for.
 */

export interface SelectParts {
  select: string[];
  distinct?: boolean;
  where?: string[];
  groupBy?: string[];
  orderBy?: string[];
  limit?: number | null;
}

export interface QueryBuilder {
  dialect: Dialect;
  /** A column of the base table or of a joined one, as the query must write it. */
  column(table: KnownTable, column: string): string;
  /** "expression AS alias". */
  as(expression: string, alias: string): string;
  /** Every column of the base table: `*`, or `alias.*` once tables are joined. */
  star(): string;
  /** Rows of `related` point (or none point) to the base row through `key`. */
  exists(related: KnownTable, key: ForeignKey, negate: boolean): string;
  sql(parts: SelectParts): string;
  /** The words of every table and column written so far. */
  vocabulary(): Set<string>;
}

function initials(table: KnownTable): string {
  const letters = identifierWords(table.name, { table: true })
    .map((word) => word[0] ?? '')
    .join('')
    .replace(/[^a-z]/g, '');
  return letters === '' ? 't' : letters;
}

/** Two references lead to the same table: which one the question means is not guessed. */
function ambiguousJoin(step: JoinStep): CannotAnswer {
  const ways = [step.key, ...(step.alternatives ?? [])].map((key) => key.columns.join(', '));
  return new CannotAnswer(
    `${step.from.name} refers to ${step.to.name} in more than one way (${ways.join(' or ')}), and I cannot tell which one you mean.`,
  );
}

const unfit = new Set(['as', 'on', 'or', 'in', 'is', 'by', 'to', 'at', 'if', 'do', 'of']);

export function queryOver(
  dialect: Dialect,
  base: KnownTable,
  paths: readonly JoinStep[][] = [],
  options: { left?: boolean } = {},
): QueryBuilder {
  const steps: JoinStep[] = [];
  for (const path of paths) {
    for (const step of path) {
      if (step.alternatives && step.alternatives.length > 0) throw ambiguousJoin(step);
      if (!steps.some((known) => known.to === step.to && known.from === step.from)) steps.push(step);
    }
  }
  const aliases = new Map<KnownTable, string>();
  const taken = new Set<string>();
  const aliasOf = (table: KnownTable) => {
    const known = aliases.get(table);
    if (known !== undefined) return known;
    const root = initials(table);
    let alias = root;
    for (let n = 2; taken.has(alias) || unfit.has(alias); n += 1) alias = `${root}${n}`;
    taken.add(alias);
    aliases.set(table, alias);
    return alias;
  };
  aliasOf(base);
  for (const step of steps) aliasOf(step.to);
  const joined = steps.length > 0;
  const words = new Set<string>();
  const note = (name: string, table = false) => {
    for (const word of identifierWords(name, { table })) words.add(word);
    for (const word of identifierWords(name)) words.add(word);
  };
  note(base.name, true);
  for (const step of steps) note(step.to.name, true);
  const column = (table: KnownTable, name: string) => {
    note(name);
    return joined ? `${aliasOf(table)}.${dialect.id(name)}` : dialect.id(name);
  };
  const qualified = (table: KnownTable, name: string) =>
    joined ? column(table, name) : `${dialect.table(table.name)}.${dialect.id(name)}`;
  return {
    dialect,
    column,
    as: (expression, alias) =>
      expression === dialect.id(alias) ? expression : `${expression} AS ${dialect.id(alias)}`,
    star: () => (joined ? `${aliasOf(base)}.*` : '*'),
    exists(related, key, negate) {
      note(related.name, true);
      const on = key.columns.map((name, index) => {
        note(name);
        return `related.${dialect.id(name)} = ${qualified(base, key.refColumns[index] ?? name)}`;
      });
      const test = `EXISTS (SELECT 1 FROM ${dialect.table(related.name)} AS related WHERE ${on.join(' AND ')})`;
      return negate ? `NOT ${test}` : test;
    },
    sql(parts) {
      const lines = [`SELECT ${parts.distinct === true ? 'DISTINCT ' : ''}${parts.select.join(', ')}`];
      lines.push(`FROM ${dialect.table(base.name)}${joined ? ` AS ${aliasOf(base)}` : ''}`);
      for (const step of steps) {
        const on = step.key.columns.map(
          (name, index) =>
            `${column(step.to, step.key.refColumns[index] ?? name)} = ${column(step.from, name)}`,
        );
        const join = options.left === true ? 'LEFT JOIN' : 'JOIN';
        lines.push(`${join} ${dialect.table(step.to.name)} AS ${aliasOf(step.to)} ON ${on.join(' AND ')}`);
      }
      if (parts.where && parts.where.length > 0) lines.push(`WHERE ${parts.where.join(' AND ')}`);
      if (parts.groupBy && parts.groupBy.length > 0) lines.push(`GROUP BY ${parts.groupBy.join(', ')}`);
      if (parts.orderBy && parts.orderBy.length > 0) lines.push(`ORDER BY ${parts.orderBy.join(', ')}`);
      if (parts.limit !== undefined && parts.limit !== null) lines.push(`LIMIT ${parts.limit}`);
      return lines.join('\n');
    },
    vocabulary: () => new Set(words),
  };
}

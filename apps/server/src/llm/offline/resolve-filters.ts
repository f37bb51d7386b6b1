import type { Condition } from './condition.ts';
import {
  equality,
  isNumber,
  isYear,
  literal,
  opWords,
  saidValues,
  simpleCondition,
  valueWords,
} from './condition.ts';
import { isPeriod, periodCondition } from './date-conditions.ts';
import { measureCondition } from './measure-condition.ts';
import type { PlanContext, Reached } from './plan-context.ts';
import { reachFrom, sameTable } from './plan-context.ts';
import { CannotAnswer, NeedProbe, NeedTables } from './plan-types.ts';
import { presenceCondition, yesNoColumn, yesNoCondition } from './presence.ts';
import type { Filter } from './question.ts';
import { GOOD_FIT, columnScore, isPlaceColumn, labelColumns, matchTable } from './resolve-names.ts';
import type { KnownColumn, KnownTable } from './schema-knowledge.ts';
import type { Lookup, ProbeRow } from './value-probe.ts';
import { probeSql, searchableColumns } from './value-probe.ts';
import { tokenize } from './words.ts';

/*
 * Filters become conditions on the table the query reads or on tables it reaches through foreign
 * keys (an album's artist, an order line's category). Values with no column are looked up first
 * (value-probe.ts) and the condition uses the column and the spelling found; a value found
 * nowhere stops the answer rather than being left out.
 */

const said = (filter: Filter) => (filter.column ?? []).map((token) => token.raw).join(' ');

function namedColumn(reach: readonly Reached[], filter: Filter): { at: Reached; column: KnownColumn } {
  const words = (filter.column ?? []).map((token) => token.norm);
  let best: { at: Reached; column: KnownColumn; score: number } | null = null;
  for (const at of reach) {
    for (const column of at.table.columns) {
      const score = columnScore(words, at.table, column) - at.path.length * 2;
      if (score >= GOOD_FIT - at.path.length * 2 && (!best || score > best.score))
        best = { at, column, score };
    }
  }
  if (!best)
    throw new CannotAnswer(
      `I could not find a column "${said(filter)}" in ${reach[0]?.table.name ?? 'the table'}.`,
    );
  return best;
}

/** A named column compared with a number, a year or a range: no lookup needed. */
function comparison(context: PlanContext, at: Reached, column: KnownColumn, filter: Filter): Condition {
  const { dialect } = context;
  const [first = '', second = ''] = filter.values;
  const base = { table: at.table, path: at.path, column: column.name, explains: valueWords(filter), filter };
  const year = column.dateLike && filter.values.every(isYear);
  const ref = (query: Parameters<Condition['write']>[0]) =>
    year ? dialect.year(query.column(at.table, column.name)) : query.column(at.table, column.name);
  const value = (text: string) => (year ? text : literal(dialect, column, text));
  const named = year ? `the year of ${column.name}` : column.name;
  if (filter.op === 'between') {
    return simpleCondition({
      ...base,
      write: (query) => `${ref(query)} BETWEEN ${value(first)} AND ${value(second)}`,
      described: `${named} is between ${first} and ${second}`,
    });
  }
  const op = filter.op === 'missing' || filter.op === 'present' ? '=' : filter.op;
  if (op === '=' || op === '!=') {
    return simpleCondition({
      ...base,
      positive: op === '=',
      write: (query) => equality(ref(query), filter.values.map(value), op === '!='),
      described: `${named} ${opWords[op]} ${saidValues(filter.values)}`,
    });
  }
  return simpleCondition({
    ...base,
    write: (query) => `${ref(query)} ${op} ${value(first)}`,
    described: `${named} ${opWords[op]} ${first}`,
  });
}

/** "Books category", "the Grunge playlist": a value followed (or led) by the name of its table. */
function withTableNoun(value: string, reach: readonly Reached[]): { said: string; at: Reached } | null {
  const tokens = tokenize(value);
  if (tokens.length < 2) return null;
  for (const at of reach) {
    const match = matchTable(tokens, [at.table.name]);
    if (!match) continue;
    const used = [...match.used];
    const atEdge = used.includes(0) || used.includes(tokens.length - 1);
    const rest = tokens.filter((_, index) => !match.used.has(index));
    if (atEdge && rest.length > 0) return { said: rest.map((token) => token.raw).join(' '), at };
  }
  return null;
}

/** Where a filter's values are to be looked up. */
function lookupsOf(
  index: number,
  filter: Filter,
  reach: readonly Reached[],
  only: { table: KnownTable; column: KnownColumn } | null,
): Lookup[] {
  const everywhere = reach.flatMap((at) =>
    searchableColumns(at.table).map((column) => ({ table: at.table, column })),
  );
  return filter.values.map((value, position) => {
    if (only) return { filter: index, value: position, said: value, columns: [only] };
    const noun = withTableNoun(value, reach);
    if (!noun) return { filter: index, value: position, said: value, columns: everywhere };
    const columns = searchableColumns(noun.at.table).map((column) => ({ table: noun.at.table, column }));
    return { filter: index, value: position, said: noun.said, columns };
  });
}

interface Found {
  at: Reached;
  column: string;
  rows: ProbeRow[];
}

/** The best place for one value: a table the question names, then the nearest, the exact spelling, a place for "from". */
function bestPlace(
  rows: readonly ProbeRow[],
  reach: readonly Reached[],
  filter: Filter,
  named: readonly string[],
  notes: string[],
): Found | null {
  const scored = rows
    .map((row) => {
      const at = reach.find((entry) => entry.table.name === row.table);
      const column = at?.table.columns.find((candidate) => candidate.name === row.column);
      if (!at || !column) return null;
      const place = filter.form === 'loose' && isPlaceColumn(column) ? 1 : 0;
      const isNamed = at.path.length > 0 && named.some((name) => sameTable(name, at.table.name)) ? 1 : 0;
      // A value that is a row's name ("AC/DC" of Artist) names that row, more than a text that
      // mentions it (a track's composer).
      const isLabel = labelColumns(at.table).some((label) => label.name === column.name) ? 1 : 0;
      const variant = { exact: 2, singular: 1, code: 0 }[row.variant];
      return { row, at, key: [isNamed, isLabel, -at.path.length, variant, place, row.matches] };
    })
    .filter((entry): entry is { row: ProbeRow; at: Reached; key: number[] } => entry !== null)
    .sort((a, b) => {
      for (let index = 0; index < a.key.length; index += 1) {
        const order = (b.key[index] ?? 0) - (a.key[index] ?? 0);
        if (order !== 0) return order;
      }
      return 0;
    });
  const best = scored[0];
  if (!best) return null;
  const elsewhere = [
    ...new Set(
      scored
        .filter((entry) => entry.at !== best.at)
        .map((entry) => `${entry.at.table.name}.${entry.row.column}`),
    ),
  ];
  if (elsewhere.length > 0)
    notes.push(
      `"${best.row.matched}" is also in ${elsewhere.join(', ')}; I used ${best.at.table.name}.${best.row.column}.`,
    );
  // Every spelling found in that column ("USA" as typed and its code "US").
  const same = scored.filter((entry) => entry.at === best.at && entry.row.column === best.row.column);
  return { at: best.at, column: best.row.column, rows: same.map((entry) => entry.row) };
}

function lookedUp(
  context: PlanContext,
  index: number,
  filter: Filter,
  reach: readonly Reached[],
  named: readonly string[],
): Condition {
  const { dialect } = context;
  const places: Found[] = filter.values.map((value, position) => {
    const rows = (context.probe ?? []).filter((row) => row.filter === index && row.value === position);
    const found = bestPlace(rows, reach, filter, named, context.notes);
    if (!found) {
      const where = [...new Set(reach.map((at) => at.table.name))].join(', ');
      throw new CannotAnswer(`I could not find "${value}" in ${where}.`);
    }
    return found;
  });
  const first = places[0];
  if (!first) throw new CannotAnswer('There was no value to look up.');
  const negate = filter.op === '!=';
  // Values found in one column become one test; in several, a test per column joined by OR.
  const groups = new Map<string, Found[]>();
  for (const place of places) {
    const key = `${place.at.table.name}.${place.column}`;
    groups.set(key, [...(groups.get(key) ?? []), place]);
  }
  const tests = [...groups.values()].map((group) => {
    const [head] = group;
    const rows = group.flatMap((place) => place.rows);
    const loose = rows.some((row) => row.spellings > 1);
    const spellings = [
      ...new Set(rows.map((row) => (loose ? row.matched.trim().toLowerCase() : row.matched))),
    ];
    return { at: head?.at ?? first.at, column: head?.column ?? first.column, loose, spellings };
  });
  const notes = tests
    .filter((test) => test.loose)
    .map(
      (test) =>
        `I matched ${saidValues(test.spellings)} in ${test.column} in any case, as it is spelt more than one way there.`,
    );
  context.notes.push(...notes);
  return {
    table: first.at.table,
    path: first.at.path,
    column: tests.length === 1 ? first.column : null,
    positive: !negate,
    replaces: filter.replaces,
    explains: valueWords(filter),
    write: (query) => {
      const parts = tests.map((test) => {
        const ref = query.column(test.at.table, test.column);
        const column = test.loose ? `LOWER(TRIM(${ref}))` : ref;
        return equality(
          column,
          test.spellings.map((value) => dialect.text(value)),
          negate,
        );
      });
      return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(negate ? ' AND ' : ' OR ')})`;
    },
    described: tests
      .map((test) => `${test.column} ${negate ? 'is not' : 'is'} ${saidValues(test.spellings)}`)
      .join(negate ? ' and ' : ' or '),
  };
}

/** Conditions with more paths for the query builder. */
export interface Resolved {
  conditions: Condition[];
  paths: Reached['path'][];
  /** Words of the question the filters account for (also those a follow-up replaced). */
  explains: string[];
}

/**
 * "orders from customers in Paris": a loose value that is a table's name says where the next
 * value is, not a value itself.
 */
function tableNouns(
  context: PlanContext,
  base: KnownTable,
  filters: readonly Filter[],
): { filter: Filter; table: string }[] {
  return filters.flatMap((filter) => {
    if (filter.form !== 'loose' || filter.op !== '=' || filter.values.length !== 1) return [];
    const tokens = tokenize(filter.values[0] ?? '');
    const match = matchTable(tokens, context.names);
    if (!match || match.used.size !== tokens.length || sameTable(match.name, base.name)) return [];
    return [{ filter, table: match.name }];
  });
}

/** Every table reachable from any of the tables, each once, nearest first; and those not described yet. */
function reachOfAll(
  context: PlanContext,
  tables: readonly KnownTable[],
): { reached: Reached[]; missing: string[] } {
  const reached: Reached[] = [];
  const missing = new Set<string>();
  for (const table of tables) {
    const reach = reachFrom(context, table);
    for (const at of reach.reached) if (!reached.some((known) => known.table === at.table)) reached.push(at);
    for (const name of reach.missing) missing.add(name);
  }
  return { reached, missing: [...missing] };
}

export interface FilterScope {
  /** Tables the question names: a value found there is preferred. */
  named?: readonly string[];
  /** Every table the query may end up reading: values are looked up in all their reach at once. */
  bases?: readonly KnownTable[];
}

/** The conditions of the filters on `base`; interrupts to describe tables or look values up. */
export function resolveFilters(
  context: PlanContext,
  base: KnownTable,
  filters: readonly Filter[],
  scope: FilterScope = {},
): Resolved {
  if (filters.length === 0) return { conditions: [], paths: [], explains: [] };
  const { reached } = reachFrom(context, base);
  const wide = reachOfAll(context, [base, ...(scope.bases ?? [])]);
  const { missing } = wide;
  const lookups: Lookup[] = [];
  const plans: (() => Condition)[] = [];
  const nouns = tableNouns(context, base, filters);
  const named = [...(scope.named ?? []), ...nouns.map((entry) => entry.table)];
  filters.forEach((given, index) => {
    let filter = given;
    if (nouns.some((entry) => entry.filter === filter)) return;
    if (filter.form === 'presence') {
      const found = presenceCondition(context, base, filter);
      if (found) {
        plans.push(() => found);
        return;
      }
      // "orders not delivered": not something a row has, but a value it does not have.
      filter = {
        ...filter,
        form: 'bare',
        values: [said(filter)],
        column: null,
        op: filter.op === 'missing' ? '!=' : '=',
      };
    }
    if (filter.form === 'measure') {
      plans.push(() => measureCondition(context, base, filter));
      return;
    }
    if (filter.form === 'named') {
      const { at, column } = namedColumn(reached, filter);
      const text = column.kind === 'text' && !column.dateLike && (filter.op === '=' || filter.op === '!=');
      if (!text) {
        plans.push(() => comparison(context, at, column, filter));
        return;
      }
      lookups.push(...lookupsOf(index, filter, reached, { table: at.table, column }));
      plans.push(() => {
        const hits = (context.probe ?? []).filter((row) => row.filter === index);
        if (hits.length === 0) {
          context.notes.push(
            `No row of ${at.table.name} has ${column.name} equal to ${saidValues(filter.values)}.`,
          );
          return comparison(context, at, column, filter);
        }
        return lookedUp(context, index, filter, [at], named);
      });
      return;
    }
    if (isPeriod(filter)) {
      if (missing.length > 0) throw new NeedTables(missing);
      plans.push(() => {
        const found = periodCondition(context, reached, filter, named);
        if (found) return found;
        throw new CannotAnswer(
          `I could not find a date in ${base.name} to test ${filter.values.join(' and ')} on.`,
        );
      });
      return;
    }
    if (filter.form === 'bare' && filter.values.length === 1) {
      const words = tokenize(filter.values[0] ?? '').map((token) => token.norm);
      const yesNo = yesNoColumn(base, words);
      if (yesNo) {
        plans.push(() =>
          yesNoCondition(
            base,
            { column: yesNo.column, yes: yesNo.yes === (filter.op !== '!=') },
            filter,
            words,
          ),
        );
        return;
      }
    }
    if (filter.values.every(isNumber) && filter.values.length > 0)
      throw new CannotAnswer(`I could not tell what ${filter.values.join(' or ')} is.`);
    if (missing.length > 0) throw new NeedTables(missing);
    lookups.push(...lookupsOf(index, filter, wide.reached, null));
    plans.push(() => lookedUp(context, index, filter, reached, named));
  });
  if (lookups.length > 0 && context.probe === null) {
    const sql = probeSql(context, lookups);
    if (sql !== null) throw new NeedProbe(sql);
  }
  return combine(
    context,
    plans.map((make) => make()),
  );
}

/** Follow-ups replace a condition on the same column; two "is" on one column read as "either". */
function combine(context: PlanContext, made: Condition[]): Resolved {
  const key = (condition: Condition) =>
    condition.column === null ? null : `${condition.table.name}.${condition.column}`;
  const replaced = new Set(made.filter((condition) => condition.replaces).map(key));
  replaced.delete(null);
  let conditions = made.filter((condition) => condition.replaces || !replaced.has(key(condition)));
  const merged: Condition[] = [];
  for (const condition of conditions) {
    const twin = merged.find(
      (other) => other.positive && condition.positive && key(other) !== null && key(other) === key(condition),
    );
    if (!twin) {
      merged.push(condition);
      continue;
    }
    context.notes.push(
      `A row has one ${condition.column ?? ''}, so I read ${twin.described} and ${condition.described} as either one.`,
    );
    merged[merged.indexOf(twin)] = {
      ...twin,
      write: (query) => `(${twin.write(query)} OR ${condition.write(query)})`,
      described: `${twin.described} or ${condition.described}`,
      explains: [...twin.explains, ...condition.explains],
    };
  }
  conditions = merged;
  return {
    conditions,
    paths: conditions.map((condition) => condition.path).filter((path) => path.length > 0),
    explains: made.flatMap((condition) => condition.explains),
  };
}

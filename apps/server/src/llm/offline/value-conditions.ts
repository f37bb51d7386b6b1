import type { Condition } from './condition.ts';
import { equality, saidValues, valueWords } from './condition.ts';
import type { PlanContext, Reached } from './plan-context.ts';
import { sameTable } from './plan-context.ts';
import { CannotAnswer } from './plan-types.ts';
import type { Filter } from './question.ts';
import { isPlaceColumn, labelColumns, matchTable } from './resolve-names.ts';
import type { KnownColumn, KnownTable } from './schema-knowledge.ts';
import type { Lookup, ProbeRow } from './value-probe.ts';
import { columnSql, searchableColumns } from './value-probe.ts';
import { tokenize } from './words.ts';

/*
 * Conditions on values looked up (value-probe.ts): where each value was found, preferring a table
 * the question names, a row's own name over a text that mentions it, the nearest table, the
 * spelling as said, and a place for "from"; the condition tests that column with the spellings
 * found, in any case when the column spells the value more than one way.
 */

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
export function lookupsOf(
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
      const column = at
        ? searchableColumns(at.table).find((candidate) => candidate.name === row.column)
        : undefined;
      if (!at || !column) return null;
      const place = filter.form === 'loose' && isPlaceColumn(column) ? 1 : 0;
      const isNamed = at.path.length > 0 && named.some((name) => sameTable(name, at.table.name)) ? 1 : 0;
      // A value that is a row's name ("AC/DC" of Artist) names that row, more than a text that
      // mentions it (a track's composer).
      const isLabel =
        column.parts || labelColumns(at.table).some((label) => label.name === column.name) ? 1 : 0;
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

export function lookedUp(
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
        const known = searchableColumns(test.at.table).find((candidate) => candidate.name === test.column);
        const ref = known
          ? columnSql(known, (part) => query.column(test.at.table, part))
          : query.column(test.at.table, test.column);
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

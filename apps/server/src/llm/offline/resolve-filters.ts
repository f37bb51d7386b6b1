import type { Condition } from './condition.ts';
import { isNumber, saidValues } from './condition.ts';
import { isPeriod, periodCondition } from './date-conditions.ts';
import { measureCondition } from './measure-condition.ts';
import type { PlanContext, Reached } from './plan-context.ts';
import { reachFrom, sameTable } from './plan-context.ts';
import { CannotAnswer, NeedProbe, NeedTables } from './plan-types.ts';
import { presenceCondition, yesNoColumn, yesNoCondition } from './presence.ts';
import type { Filter } from './question.ts';
import { comparison, namedColumn, saidColumn } from './named-conditions.ts';
import { matchTable } from './resolve-names.ts';
import type { KnownColumn, KnownTable } from './schema-knowledge.ts';
import type { Lookup } from './value-probe.ts';
import { probeSql } from './value-probe.ts';
import { lookedUp, lookupsOf } from './value-conditions.ts';
import { sameVerb, tokenize } from './words.ts';

/*
 * Filters become conditions on the table the query reads or on tables it reaches through foreign
 * keys (an album's artist, an order line's category). Values with no column are looked up first
 * (value-probe.ts) and the condition uses the column and the spelling found; a value found
 * nowhere stops the answer rather than being left out.
 */

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
    if (
      (filter.form !== 'loose' && filter.form !== 'bare') ||
      filter.op !== '=' ||
      filter.values.length !== 1
    )
      return [];
    const tokens = tokenize(filter.values[0] ?? '');
    const match = matchTable(tokens, context.names);
    if (!match || match.used.size !== tokens.length || sameTable(match.name, base.name)) return [];
    return [{ filter, table: match.name }];
  });
}

/** "Italy accept marketing": a yes-or-no column named at an edge of a value, and the value left. */
function splitYesNo(
  base: KnownTable,
  filter: Filter,
): { found: { column: KnownColumn; yes: boolean }; words: string[]; rest: string | null } | null {
  const tokens = tokenize(filter.values[0] ?? '');
  for (let size = tokens.length; size >= 1; size -= 1) {
    for (const start of size === tokens.length ? [0] : [0, tokens.length - size]) {
      const part = tokens.slice(start, start + size);
      const found = yesNoColumn(
        base,
        part.map((token) => token.norm),
      );
      if (!found) continue;
      const left = [...tokens.slice(0, start), ...tokens.slice(start + size)];
      return {
        found,
        words: part.map((token) => token.norm),
        rest: left.length === 0 ? null : left.map((token) => token.raw).join(' '),
      };
    }
  }
  return null;
}

/** "customers who signed up in 2023": words naming a date column say which date a period tests. */
function datingWords(
  base: KnownTable,
  filters: readonly Filter[],
): { filter: Filter; column: KnownColumn; words: string[] } | null {
  if (!filters.some(isPeriod)) return null;
  for (const filter of filters) {
    if (filter.form !== 'bare' || filter.values.length !== 1) continue;
    const words = tokenize(filter.values[0] ?? '').map((token) => token.norm);
    const column = base.columns.find(
      (candidate) =>
        candidate.dateLike && words.every((word) => candidate.words.some((known) => sameVerb(word, known))),
    );
    if (column) return { filter, column, words };
  }
  return null;
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
  const dating = datingWords(base, filters);
  const named = [...(scope.named ?? []), ...nouns.map((entry) => entry.table)];
  filters.forEach((given, index) => {
    let filter = given;
    if (nouns.some((entry) => entry.filter === filter) || dating?.filter === filter) return;
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
        values: [saidColumn(filter)],
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
        const found = periodCondition(context, reached, filter, named, dating?.column ?? null);
        if (found) return dating ? { ...found, explains: [...found.explains, ...dating.words] } : found;
        throw new CannotAnswer(
          `I could not find a date in ${base.name} to test ${filter.values.join(' and ')} on.`,
        );
      });
      return;
    }
    if (
      (filter.form === 'bare' || filter.form === 'loose') &&
      filter.values.length === 1 &&
      filter.op !== 'between'
    ) {
      const split = splitYesNo(base, filter);
      if (split) {
        const { found, words } = split;
        plans.push(() =>
          yesNoCondition(
            base,
            { column: found.column, yes: found.yes === (filter.op !== '!=') },
            filter,
            words,
          ),
        );
        if (split.rest === null) return;
        filter = { ...filter, values: [split.rest] };
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

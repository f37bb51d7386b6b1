import type { Dialect } from './sql-dialect.ts';
import type { ProbeRow } from './value-probe.ts';
import type { ForeignKey, Knowledge, KnownTable } from './schema-knowledge.ts';
import { bareName, describedTable, knownTableNames, listedName, tableKey } from './schema-knowledge.ts';
import { CannotAnswer, NeedTables } from './plan-types.ts';

/*
 * What planning works with: the schema learned so far, the dialect, the value probe's answer, and
 * notes for the reader. Asking for a table that is not described yet interrupts planning with the
 * names to describe; the next step describes them and plans again.
 */

export interface PlanContext {
  knowledge: Knowledge;
  dialect: Dialect;
  /** Every table name the tools showed. */
  names: string[];
  /** Rows of the value probe, once it ran; null before. */
  probe: ProbeRow[] | null;
  notes: string[];
}

export function createPlanContext(input: {
  knowledge: Knowledge;
  dialect: Dialect;
  probe: ProbeRow[] | null;
}): PlanContext {
  return { ...input, names: knownTableNames(input.knowledge), notes: [] };
}

/** The described tables of these names; interrupts with every one still to describe. */
export function requireTables(context: PlanContext, names: readonly string[]): KnownTable[] {
  const found: KnownTable[] = [];
  const missing: string[] = [];
  for (const name of names) {
    const table = describedTable(context.knowledge, name);
    if (table) found.push(table);
    else if (context.knowledge.unknown.has(tableKey(name)))
      throw new CannotAnswer(`I could not read the table ${name}.`);
    else missing.push(listedName(context.knowledge, name));
  }
  if (missing.length > 0) throw new NeedTables([...new Set(missing)]);
  return found;
}

export function requireTable(context: PlanContext, name: string): KnownTable {
  const [table] = requireTables(context, [name]);
  if (!table) throw new CannotAnswer(`I could not read the table ${name}.`);
  return table;
}

export const sameTable = (a: string, b: string): boolean =>
  tableKey(a) === tableKey(b) || tableKey(bareName(a)) === tableKey(bareName(b));

export interface JoinStep {
  from: KnownTable;
  key: ForeignKey;
  to: KnownTable;
  /**
   * Other ways of reaching `to` in as many steps (a flight's origin and destination airports):
   * a query joined this way would guess which one is meant, so it is not written.
   */
  alternatives?: ForeignKey[];
}

export interface Reached {
  table: KnownTable;
  path: JoinStep[];
}

/** `start` itself and every table reachable from it, nearest first. */
export function reachFrom(
  context: PlanContext,
  start: KnownTable,
): { reached: Reached[]; missing: string[] } {
  const { reached, missing } = forwardReach(context, start);
  return { reached: [{ table: start, path: [] }, ...reached], missing };
}

/**
 * Tables reachable from `start` by following foreign keys forward (many rows to one), at most
 * two hops, so sums and averages never count a row twice. Tables on the way that are not
 * described yet are returned as `missing`.
 */
export function forwardReach(
  context: PlanContext,
  start: KnownTable,
): { reached: Reached[]; missing: string[] } {
  const reached: Reached[] = [];
  const missing = new Set<string>();
  let frontier: Reached[] = [{ table: start, path: [] }];
  for (let depth = 0; depth < 2; depth += 1) {
    const next: Reached[] = [];
    for (const { table, path } of frontier) {
      for (const key of table.foreignKeys) {
        const to = describedTable(context.knowledge, key.table);
        if (!to) {
          if (!context.knowledge.unknown.has(tableKey(key.table)))
            missing.add(listedName(context.knowledge, key.table));
          continue;
        }
        if (to === start) continue;
        const known = reached.find((entry) => entry.table === to);
        if (known) {
          // As near another way: the join to it is ambiguous, and so is any join through it.
          const last = known.path.at(-1);
          if (known.path.length === path.length + 1 && last && last.key !== key)
            last.alternatives = [...(last.alternatives ?? []), key];
          continue;
        }
        const entry = { table: to, path: [...path, { from: table, key, to }] };
        reached.push(entry);
        next.push(entry);
      }
    }
    frontier = next;
  }
  return { reached, missing: [...missing] };
}

/** The forward path from `start` to `goal`; interrupts to describe tables on the way; null if none. */
export function pathTo(context: PlanContext, start: KnownTable, goal: KnownTable): JoinStep[] | null {
  if (start === goal) return [];
  const { reached, missing } = forwardReach(context, start);
  const found = reached.find((entry) => entry.table === goal);
  if (found) return found.path;
  if (missing.length > 0) throw new NeedTables(missing);
  return null;
}

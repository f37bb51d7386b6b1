import type { CompletenessBreakdown, DefinitionItem, TableInfo } from '@querent/contracts';
import { columnFamily, definitionItemLabels } from '@querent/contracts';
import type { QualityCheckRecord } from '../checks/check-record.ts';
import type { CheckRunRecord } from '../runs/check-run-record.ts';
import { looksTemporal } from '../scan/column-roles.ts';

/** What the definition score reads: the entity, its table as introspected, its checks and their runs. */
export interface DefinitionInput {
  definition: string | null;
  hasTable: boolean;
  keyColumns: readonly string[];
  /** The entity's table as the schema has it; null when it does not resolve. */
  table: TableInfo | null;
  checks: readonly QualityCheckRecord[];
  latest: ReadonlyMap<string, CheckRunRecord>;
}

const sameColumns = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length &&
  a.every((column) => b.some((other) => other.toLowerCase() === column.toLowerCase()));

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * How well an entity is defined and modelled, each item checkable: a definition written, its
 * table found, a key declared and found unique, its columns described, required columns marked
 * by completeness checks, its foreign keys checked, a freshness expectation. Each item is worth
 * 0 to 1; items that do not apply (no foreign key, no date column) are left out of the mean.
 */
export function computeDefinitionScore(input: DefinitionInput): CompletenessBreakdown {
  const active = input.checks.filter((check) => check.state === 'active');
  const { table } = input;
  const items: { item: DefinitionItem; value: number | null; detail: string }[] = [];

  const definition = input.definition?.trim() ?? '';
  items.push({
    item: 'definition',
    value: definition === '' ? 0 : 1,
    detail: definition === '' ? 'No definition yet' : 'Written',
  });

  items.push({
    item: 'table',
    value: table ? 1 : 0,
    detail: table ? 'Found in the schema' : input.hasTable ? 'Not found in the schema' : 'No table named',
  });

  if (input.keyColumns.length === 0) {
    items.push({ item: 'key', value: 0, detail: 'No key declared' });
  } else {
    const keyCheck = active.find(
      (check) =>
        check.definition.kind === 'uniqueness' && sameColumns(check.definition.columns, input.keyColumns),
    );
    const status = keyCheck ? input.latest.get(keyCheck.id)?.status : undefined;
    const key = input.keyColumns.join(', ');
    items.push(
      status === 'pass'
        ? { item: 'key', value: 1, detail: `${key}, unique` }
        : {
            item: 'key',
            value: 0.5,
            detail:
              status === 'warn' || status === 'fail'
                ? `${key}, with duplicates`
                : `${key}, uniqueness not checked yet`,
          },
    );
  }

  if (table && table.columns.length > 0) {
    const described = table.columns.filter(
      (column) => (column.comment ?? column.dbtDescription ?? '').trim() !== '',
    ).length;
    items.push({
      item: 'descriptions',
      value: described / table.columns.length,
      detail: `${described} of ${table.columns.length} columns described`,
    });
  } else {
    items.push({ item: 'descriptions', value: 0, detail: 'No columns to describe' });
  }

  const required = active.filter((check) => check.definition.kind === 'completeness');
  items.push({
    item: 'required',
    value: required.length > 0 ? 1 : 0,
    detail:
      required.length > 0
        ? `${required.length} completeness check${required.length > 1 ? 's' : ''}`
        : 'None marked',
  });

  const foreignKeys = table?.foreignKeys ?? [];
  if (foreignKeys.length === 0) {
    items.push({ item: 'relationships', value: null, detail: 'No foreign key' });
  } else {
    const checked = foreignKeys.filter((key) =>
      active.some(
        (check) =>
          check.definition.kind === 'integrity' && sameColumns(check.definition.columns, key.columns),
      ),
    ).length;
    items.push({
      item: 'relationships',
      value: checked / foreignKeys.length,
      detail: `${checked} of ${foreignKeys.length} foreign keys checked`,
    });
  }

  const dated =
    table?.columns.some((column) => columnFamily(column.type) === 'temporal' || looksTemporal(column.name)) ??
    false;
  const freshness = active.some((check) => check.definition.kind === 'freshness');
  items.push(
    dated
      ? {
          item: 'freshness',
          value: freshness ? 1 : 0,
          detail: freshness ? 'Expected age set' : 'No expected age',
        }
      : { item: 'freshness', value: null, detail: 'No date or time column' },
  );

  const applicable = items.filter((entry) => entry.value !== null);
  const total = applicable.reduce((sum, entry) => sum + (entry.value ?? 0), 0);
  const score = applicable.length > 0 ? (total / applicable.length) * 100 : null;
  return {
    score,
    items: items.map((entry) => ({ ...entry, label: definitionItemLabels[entry.item] })),
    arithmetic:
      score === null
        ? 'Nothing to assess.'
        : `(${applicable.map((entry) => round1(entry.value ?? 0)).join(' + ')}) / ${applicable.length} × 100 = ${round1(score)}`,
  };
}

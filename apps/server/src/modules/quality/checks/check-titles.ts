import type { CheckDefinition, TableName } from '@querent/contracts';

const list = (columns: readonly string[]) => columns.join(', ');

function hours(value: number): string {
  if (value % 24 === 0) return `${value / 24} day${value === 24 ? '' : 's'}`;
  return `${value} h`;
}

/** What a check expects, in words: its default title. */
export function describeCheck(table: TableName, definition: CheckDefinition): string {
  const cols = list(definition.columns);
  switch (definition.kind) {
    case 'schema':
      return definition.columns.length > 0
        ? `${table.name} has its ${definition.columns.length} expected columns`
        : `${table.name} exists`;
    case 'volume':
      return `${table.name} row count is steady${definition.params.min_rows > 0 ? ' and not empty' : ''}`;
    case 'completeness':
      return `${cols} ${definition.columns.length > 1 ? 'are' : 'is'} always filled`;
    case 'uniqueness':
      return `${cols} ${definition.columns.length > 1 ? 'are unique together' : 'is unique'}`;
    case 'integrity':
      return `${cols} references ${definition.params.references.table}`;
    case 'validity': {
      const { accepted_values: values, min, max } = definition.params;
      if (values) return `${cols} has an accepted value`;
      if (min !== undefined && max !== undefined) return `${cols} is between ${min} and ${max}`;
      return min !== undefined ? `${cols} is at least ${min}` : `${cols} is at most ${max ?? ''}`;
    }
    case 'freshness':
      return `${cols} is at most ${hours(definition.params.max_age_hours)} old`;
  }
}

/** What a failing check found, in words: the title of the issue it opens. */
export function describeProblem(table: TableName, definition: CheckDefinition): string {
  const cols = list(definition.columns);
  switch (definition.kind) {
    case 'schema':
      return `Missing columns in ${table.name}`;
    case 'volume':
      return `Row count anomaly in ${table.name}`;
    case 'completeness':
      return `Missing ${cols} in ${table.name}`;
    case 'uniqueness':
      return `Duplicate ${cols} in ${table.name}`;
    case 'integrity':
      return `Orphan ${cols} in ${table.name} (no matching ${definition.params.references.table})`;
    case 'validity':
      return definition.params.accepted_values
        ? `Unexpected ${cols} values in ${table.name}`
        : `${cols} out of range in ${table.name}`;
    case 'freshness':
      return `Stale ${cols} in ${table.name}`;
  }
}

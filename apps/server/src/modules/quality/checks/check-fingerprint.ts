import { createHash } from 'node:crypto';
import type { CheckDefinition, TableName } from '@querent/contracts';

/** Plain values with object keys in one order, so equal definitions print equal. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([key, item]) => [key, canonical(item)]));
  }
  return value;
}

// Sets whose order means nothing: a key's columns, the columns required, the accepted values.
function orderless(definition: CheckDefinition): CheckDefinition {
  const sorted = (list: readonly (string | number)[]) => [...list].map(String).sort();
  switch (definition.kind) {
    case 'schema':
    case 'completeness':
    case 'uniqueness':
      return { ...definition, columns: sorted(definition.columns) };
    case 'validity':
      return definition.params.accepted_values
        ? {
            ...definition,
            params: { ...definition.params, accepted_values: sorted(definition.params.accepted_values) },
          }
        : definition;
    default:
      return definition;
  }
}

/**
 * What identifies a check across runs and scans: its table and what it checks, not how it is
 * judged (thresholds, severity) nor what it is called. A scan proposing the same check again
 * finds it by this; a changed definition is a new fingerprint.
 */
export function fingerprintCheck(table: TableName, definition: CheckDefinition): string {
  const text = JSON.stringify(
    canonical({ table: [table.schema.toLowerCase(), table.name.toLowerCase()], ...orderless(definition) }),
  );
  return createHash('sha256').update(text).digest('hex').slice(0, 24);
}

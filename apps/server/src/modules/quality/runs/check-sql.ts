import type { CheckDefinition, ColumnFamily, TableName } from '@querent/contracts';
import type { SqlWriter } from './sql-writer.ts';

/** A check to fold into its table's statement; its columns already spelled as the table has them. */
export interface PlannedCheck {
  id: string;
  definition: Exclude<CheckDefinition, { kind: 'schema' }>;
}

/** The family of each of the table's columns, by exact name. */
export type ColumnFamilies = ReadonlyMap<string, ColumnFamily>;

export interface CheckStatement {
  sql: string;
  /** Where each check's figures are in the one answered row; position 0 is the row count. */
  cells: ReadonlyMap<string, readonly number[]>;
}

const ALIAS = 't';

/** A row misses a value when it is NULL or, for text when blanks count, only spaces. */
export function missingCondition(
  writer: SqlWriter,
  columns: readonly string[],
  families: ColumnFamilies,
  blankIsMissing: boolean,
  alias = ALIAS,
): string {
  return columns
    .map((column) => {
      const ref = `${alias}.${writer.name(column)}`;
      return blankIsMissing && families.get(column) === 'text'
        ? `${ref} IS NULL OR TRIM(${ref}) = ''`
        : `${ref} IS NULL`;
    })
    .join(' OR ');
}

export function allPresent(writer: SqlWriter, columns: readonly string[], alias = ALIAS): string {
  return columns.map((column) => `${alias}.${writer.name(column)} IS NOT NULL`).join(' AND ');
}

/** A value a validity check refuses: not among the accepted ones, or out of the range. */
export function invalidCondition(
  writer: SqlWriter,
  definition: Extract<CheckDefinition, { kind: 'validity' }>,
  alias = ALIAS,
): string {
  const ref = `${alias}.${writer.name(definition.columns[0] ?? '')}`;
  const { accepted_values: values, min, max } = definition.params;
  if (values) return `${ref} NOT IN (${values.map((value) => writer.literal(value)).join(', ')})`;
  const outside = [
    ...(min === undefined ? [] : [`${ref} < ${writer.literal(min)}`]),
    ...(max === undefined ? [] : [`${ref} > ${writer.literal(max)}`]),
  ];
  return outside.length > 0 ? outside.join(' OR ') : '1 = 0';
}

const countWhen = (condition: string) => `SUM(CASE WHEN ${condition} THEN 1 ELSE 0 END)`;

/**
 * One aggregate statement answering every check of a table at once: the row count, then each
 * check's figures (missing values, distinct keys, orphans, refused values, the newest timestamp).
 * Only plain SQL every engine runs: CASE inside SUM, COUNT(DISTINCT), derived tables joined for
 * composite keys and references. Ratios, ages and anomalies are computed from the answer.
 */
export function buildCheckStatement(
  writer: SqlWriter,
  table: TableName,
  checks: readonly PlannedCheck[],
  families: ColumnFamilies,
): CheckStatement {
  const select = ['COUNT(*)'];
  const joins: string[] = [];
  const cells = new Map<string, number[]>();
  const at = (expression: string) => select.push(expression) - 1;
  const target = writer.table(table);

  checks.forEach((check, index) => {
    const { definition } = check;
    const cols = definition.columns;
    switch (definition.kind) {
      case 'volume':
        cells.set(check.id, [0]);
        break;
      case 'completeness':
        cells.set(check.id, [
          0,
          at(countWhen(missingCondition(writer, cols, families, definition.params.blank_is_missing))),
        ]);
        break;
      case 'uniqueness': {
        if (cols.length === 1) {
          const ref = `${ALIAS}.${writer.name(cols[0] ?? '')}`;
          cells.set(check.id, [at(`COUNT(${ref})`), at(`COUNT(DISTINCT ${ref})`)]);
          break;
        }
        // No portable COUNT(DISTINCT a, b): count the groups of a derived table instead.
        const alias = `u${index}`;
        const list = cols.map((column) => writer.name(column)).join(', ');
        const present = cols.map((column) => `${writer.name(column)} IS NOT NULL`).join(' AND ');
        joins.push(
          `CROSS JOIN (SELECT COUNT(*) AS n FROM (SELECT ${list} FROM ${target} WHERE ${present} GROUP BY ${list}) g${index}) ${alias}`,
        );
        cells.set(check.id, [at(countWhen(allPresent(writer, cols))), at(`MAX(${alias}.n)`)]);
        break;
      }
      case 'integrity': {
        const alias = `r${index}`;
        const { references } = definition.params;
        const refCols = references.columns.map((column) => writer.name(column));
        const on = cols
          .map((column, position) => `${alias}.${refCols[position] ?? ''} = ${ALIAS}.${writer.name(column)}`)
          .join(' AND ');
        // Distinct keys: a parent listed twice must not count a child twice.
        joins.push(
          `LEFT JOIN (SELECT DISTINCT ${refCols.join(', ')} FROM ${writer.table({ schema: references.schema, name: references.table })}) ${alias} ON ${on}`,
        );
        const present = allPresent(writer, cols);
        cells.set(check.id, [
          at(countWhen(present)),
          at(countWhen(`${present} AND ${alias}.${refCols[0] ?? ''} IS NULL`)),
        ]);
        break;
      }
      case 'validity': {
        const ref = `${ALIAS}.${writer.name(cols[0] ?? '')}`;
        cells.set(check.id, [
          at(`COUNT(${ref})`),
          at(countWhen(`${ref} IS NOT NULL AND (${invalidCondition(writer, definition)})`)),
        ]);
        break;
      }
      case 'freshness':
        cells.set(check.id, [at(`MAX(${ALIAS}.${writer.name(cols[0] ?? '')})`)]);
        break;
    }
  });

  const sql = [`SELECT ${select.join(', ')}`, `FROM ${target} ${ALIAS}`, ...joins].join('\n');
  return { sql, cells };
}

import {
  type Dataset,
  type SemanticExpression,
  type SqlDialect,
  type SqlDialectDescriptor,
  quoteIdentifier,
  quoteLiteral,
  sqlDialects,
} from '@querent/contracts';
import { SemanticQueryError } from './semantic-query-error.ts';

/*
 * The dialect's spelling of the pieces the compiler writes. Names from the model (tables,
 * columns) are quoted only when the engine needs it, since they are the database's own spelling;
 * names the compiler invents (aliases, CTEs) are quoted unless no engine could read them another
 * way. Values always become literals quoted by the dialect's rules, never raw text.
 */

export interface SqlWriter {
  dialect: SqlDialectDescriptor;
  /** A name the compiler makes up: a CTE, an alias. */
  alias(name: string): string;
  /** A dataset's table or SQL, to select from. */
  source(dataset: Dataset): string;
  /** A dimension's or measure's expression, over its dataset's columns. */
  expression(expression: SemanticExpression): string;
  literal(value: string | number | boolean, field: string): string;
}

export function sqlWriter(name: SqlDialect): SqlWriter {
  const dialect = sqlDialects[name];
  const modelName = (value: string) => quoteIdentifier(value, dialect, 'needed');
  return {
    dialect,
    alias: (value) => quoteIdentifier(value, dialect, 'cautious'),
    source(dataset) {
      const source = dataset.source;
      if ('sql' in source) return `(${source.sql}) AS ${quoteIdentifier('source', dialect, 'cautious')}`;
      return source.schema === null
        ? modelName(source.table)
        : `${modelName(source.schema)}.${modelName(source.table)}`;
    },
    expression(expression) {
      return 'column' in expression ? modelName(expression.column) : `(${expression.sql})`;
    },
    literal(value, field) {
      if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
      if (typeof value === 'number') {
        if (!Number.isFinite(value)) {
          throw new SemanticQueryError(
            'invalid_filter',
            field,
            `${value} is not a number SQL can compare with`,
          );
        }
        return String(value);
      }
      return quoteLiteral(value, dialect);
    },
  };
}

import type { ColumnDataType, Expression, RawBuilder } from 'kysely';
import { sql } from 'kysely';
import type { StoreDialect } from '../connect.ts';

export interface ColumnKit {
  bool: ColumnDataType;
  timestamp: ColumnDataType;
  json: ColumnDataType;
  /** Default for created_at/updated_at, in the same ISO format the application writes. */
  now: RawBuilder<unknown>;
  falseValue: Expression<unknown>;
}

/**
 * The one place where the migrations differ per dialect: PostgreSQL gets its native types,
 * SQLite stores the same values as integers and text.
 */
export function columnKit(dialect: StoreDialect): ColumnKit {
  if (dialect === 'postgres') {
    return {
      bool: 'boolean',
      timestamp: 'timestamptz',
      json: 'jsonb',
      now: sql`now()`,
      falseValue: sql`false`,
    };
  }
  return {
    bool: 'integer',
    timestamp: 'text',
    json: 'text',
    now: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    falseValue: sql`0`,
  };
}

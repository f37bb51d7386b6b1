import type { SqlDialect } from '../../connectors/index.ts';
import { openingWord } from '../../connectors/run-support.ts';

const dataVerbs = ['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'UPSERT', 'REPLACE', 'TRUNCATE'];

/**
 * The kind of operation a write is, for the confirmation card: its first verb, or for a
 * `WITH … INSERT` the data verb inside it.
 */
export function operationOf(sql: string, dialect: SqlDialect): string {
  const opener = openingWord(sql, dialect);
  if (opener !== 'WITH' && opener !== '') return opener;
  const verb = dataVerbs.find((word) => new RegExp(`\\b${word}\\b`, 'i').test(sql));
  return verb ?? (opener || 'UNKNOWN');
}

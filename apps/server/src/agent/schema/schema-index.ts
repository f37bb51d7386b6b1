import { TextIndex } from '../matching/text-index.ts';
import type { SchemaTable } from './schema-tables.ts';
import { tableDescription } from './schema-tables.ts';

export interface SchemaMatch {
  entry: SchemaTable;
  score: number;
  /** Columns whose name or description matched, in table order. */
  columns: string[];
}

// How much a word counts where it is found: the table's name says most about what it holds.
const TABLE_NAME = 4;
const COLUMN_NAME = 2;
const TABLE_TEXT = 1.5;
const COLUMN_TEXT = 0.75;
/** A table linked by a foreign key to matching tables gains this share of their two best scores. */
const LINK_SHARE = 0.3;

function tableKey(schema: string, table: string): string {
  return `${schema}.${table}`.toLowerCase();
}

/**
 * The schema as search reads it, built once per schema version: names, the database's comments
 * and dbt's descriptions, weighted by where a word is found and how rare it is, and the foreign
 * keys between tables, so the tables a question joins through rank beside the ones it names.
 */
export class SchemaIndex {
  readonly #text: TextIndex<SchemaTable>;
  readonly #links: number[][];
  readonly tables: readonly SchemaTable[];

  constructor(tables: readonly SchemaTable[]) {
    this.tables = tables;
    this.#text = new TextIndex(
      tables.map((entry) => ({
        item: entry,
        fields: [
          { text: entry.table.name, weight: TABLE_NAME, key: null },
          { text: tableDescription(entry.table) ?? '', weight: TABLE_TEXT, key: null },
          ...entry.table.columns.flatMap((column) => [
            { text: column.name, weight: COLUMN_NAME, key: column.name },
            {
              text: [column.comment, column.dbtDescription].filter(Boolean).join(' '),
              weight: COLUMN_TEXT,
              key: column.name,
            },
          ]),
        ],
      })),
    );
    const position = new Map(tables.map((entry, index) => [tableKey(entry.schema, entry.table.name), index]));
    this.#links = tables.map(() => []);
    tables.forEach((entry, index) => {
      for (const key of entry.table.foreignKeys) {
        const target = position.get(tableKey(key.references.schema || entry.schema, key.references.table));
        if (target === undefined || target === index) continue;
        this.#links[index]?.push(target);
        this.#links[target]?.push(index);
      }
    });
  }

  /** Tables for the words of a query, best first; a table matching nothing itself may come in by its links. */
  search(query: string): SchemaMatch[] {
    const scores = this.#text.scores(query);
    const base = (position: number) => scores.get(position)?.score ?? 0;
    const candidates = new Set<number>();
    for (const position of scores.keys()) {
      candidates.add(position);
      for (const linked of this.#links[position] ?? []) candidates.add(linked);
    }
    const matches: SchemaMatch[] = [];
    for (const position of candidates) {
      const entry = this.tables[position];
      if (!entry) continue;
      const neighbours = [...new Set(this.#links[position] ?? [])].map(base).sort((a, b) => b - a);
      const score = base(position) + LINK_SHARE * ((neighbours[0] ?? 0) + (neighbours[1] ?? 0));
      if (score <= 0) continue;
      const matched = scores.get(position)?.keys ?? new Map<string, number>();
      const columns = entry.table.columns.map((column) => column.name).filter((name) => matched.has(name));
      matches.push({ entry, score, columns });
    }
    return matches.sort((a, b) => b.score - a.score || a.entry.name.localeCompare(b.entry.name));
  }
}

import type { ToolExchange } from './conversation-state.ts';
import { spellOut } from '../../text/abbreviations.ts';
import { columnNameRead } from '../../text/column-prefix.ts';
import { foldWord, singular, splitWords } from '../../text/words.ts';
import { identifierWords } from './words.ts';

/*
 * The schema as the offline analyst learned it from its own tool calls: the table list and the
 * keyword matches of search_schema, and the columns, keys and references of each table it
 * described with describe_table.
 */

export type ColumnKind = 'number' | 'text' | 'date' | 'boolean' | 'other';

export interface KnownColumn {
  name: string;
  type: string;
  kind: ColumnKind;
  words: string[];
  /** Part of the primary key or of a foreign key: an identifier, not a measure or a label. */
  key: boolean;
  /** A date or time, by type or, for SQLite's text dates, by name ("ordered_at", "InvoiceDate"). */
  dateLike: boolean;
  /** A name made of several columns ("first_name last_name"), for looking a full name up. */
  parts?: string[];
}

export interface ForeignKey {
  columns: string[];
  /** The referenced table as describe_table writes it. */
  table: string;
  refColumns: string[];
}

export interface KnownTable {
  name: string;
  words: string[];
  rowEstimate: number | null;
  columns: KnownColumn[];
  primaryKey: string[];
  foreignKeys: ForeignKey[];
  referencedBy: string[];
}

export interface TableCard {
  name: string;
  rowEstimate: number | null;
  description: string | null;
  columnCount: number | null;
  /** Columns the keyword search matched; empty in the plain listing. */
  matching: string[];
}

export interface Knowledge {
  /** Every table the listing showed, most relevant first. */
  listing: TableCard[];
  totalTables: number | null;
  /** Tables the keyword search found, best first. */
  hits: TableCard[];
  /** Whether a keyword search ran (it may have found nothing). */
  searched: boolean;
  described: Map<string, KnownTable>;
  /** Tables describe_table did not find. */
  unknown: Set<string>;
}

export function columnKind(type: string): ColumnKind {
  const t = type.toLowerCase();
  if (/bool|^bit\b/.test(t)) return 'boolean';
  if (/interval|point|polygon|json|array|struct|record|\[\]/.test(t)) return 'other';
  if (/date|time/.test(t) && !/update/.test(t)) return 'date';
  if (/int|numeric|decimal|real|double|float|number|money|serial|^dec\b|bignumeric/.test(t)) return 'number';
  if (/char|text|string|clob|uuid|enum|name|citext|^$/.test(t)) return 'text';
  return 'other';
}

// A text column whose spelled-out words say it holds a date (`HIRE_DT`, `paid_tms`).
const dateWords = new Set(['date', 'timestamp', 'datetime']);
const datedName = /(^|_)(at|on|date|time|day)$|Date$|Time$|At$/;

export const tableKey = (name: string): string => name.toLowerCase();

/** The bare table name of a possibly qualified one: "public.order_lines" → "order_lines". */
export function bareName(name: string): string {
  return name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : name;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const count = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function readCard(value: unknown): TableCard | null {
  if (value === null || typeof value !== 'object') return null;
  const card = value as Record<string, unknown>;
  const name = text(card.table);
  if (name === null) return null;
  return {
    name,
    rowEstimate: count(card.rowEstimate),
    description: text(card.description),
    columnCount: count(card.columnCount),
    matching: strings(card.matchingColumns),
  };
}

// describe_table writes a foreign key as "(ArtistId) → Artist(ArtistId)".
function readForeignKey(line: string): ForeignKey | null {
  const match = /^\((.*)\) → (.*)\((.*)\)$/.exec(line);
  if (!match) return null;
  const split = (list: string | undefined) => (list ?? '').split(', ').filter((item) => item !== '');
  return { columns: split(match[1]), table: match[2] ?? '', refColumns: split(match[3]) };
}

/**
 * A column's words as people say them: its table's shared prefix aside ("o_orderdate" → order,
 * date) and abbreviations spelled out ("QTY" → quantity, "HIRE_DT" → hire, date), as the semantic
 * model's proposal reads them (both through `text/`), so both readings name the same columns.
 */
function spelledOutWords(table: { columns: readonly { name: string }[] }, name: string): string[] {
  return spellOut(splitWords(columnNameRead(table, name)).map(foldWord)).map(singular);
}

function readTable(output: Record<string, unknown>): KnownTable | null {
  const name = text(output.table);
  if (name === null || !Array.isArray(output.columns)) return null;
  const primaryKey = strings(output.primaryKey);
  const foreignKeys = strings(output.foreignKeys)
    .map(readForeignKey)
    .filter((key): key is ForeignKey => key !== null);
  const keyColumns = new Set([...primaryKey, ...foreignKeys.flatMap((key) => key.columns)]);
  const columns: KnownColumn[] = [];
  const named = {
    columns: (output.columns as unknown[]).flatMap((item) => {
      const columnName =
        item !== null && typeof item === 'object' ? text((item as { name?: unknown }).name) : null;
      return columnName === null ? [] : [{ name: columnName }];
    }),
  };
  for (const item of output.columns as unknown[]) {
    if (item === null || typeof item !== 'object') continue;
    const column = item as Record<string, unknown>;
    const columnName = text(column.name);
    if (columnName === null) continue;
    const type = text(column.type) ?? '';
    const kind = columnKind(type);
    const words = spelledOutWords(named, columnName);
    columns.push({
      name: columnName,
      type,
      kind,
      words,
      key: keyColumns.has(columnName),
      dateLike:
        kind === 'date' ||
        (kind === 'text' &&
          (datedName.test(columnName) ||
            words.some((word) => dateWords.has(word)) ||
            (words.length > 1 && ['on', 'at'].includes(words.at(-1) ?? '')))),
    });
  }
  return {
    name,
    words: identifierWords(name, { table: true }),
    rowEstimate: count(output.rowEstimate),
    columns,
    primaryKey,
    foreignKeys,
    referencedBy: strings(output.referencedBy),
  };
}

export function readKnowledge(exchanges: readonly ToolExchange[]): Knowledge {
  const knowledge: Knowledge = {
    listing: [],
    totalTables: null,
    hits: [],
    searched: false,
    described: new Map(),
    unknown: new Set(),
  };
  for (const exchange of exchanges) {
    const { output } = exchange;
    if (output === null) continue;
    if (exchange.toolName === 'search_schema') {
      const cards = (Array.isArray(output.tables) ? (output.tables as unknown[]) : [])
        .map(readCard)
        .filter((card): card is TableCard => card !== null);
      const query = (exchange.input as { query?: unknown } | null)?.query;
      if (typeof query === 'string' && query.trim() !== '') {
        knowledge.hits.push(...cards);
        knowledge.searched = true;
      } else {
        knowledge.listing.push(...cards);
        knowledge.totalTables = count(output.totalTables);
      }
    } else if (exchange.toolName === 'describe_table') {
      const table = readTable(output);
      const asked = text((exchange.input as { table?: unknown } | null)?.table);
      if (table) knowledge.described.set(tableKey(table.name), table);
      else if (asked !== null) knowledge.unknown.add(tableKey(asked));
    }
  }
  return knowledge;
}

/** Every table name seen, listing order first. */
export function knownTableNames(knowledge: Knowledge): string[] {
  const names = new Map<string, string>();
  for (const card of [...knowledge.listing, ...knowledge.hits]) names.set(tableKey(card.name), card.name);
  for (const table of knowledge.described.values()) names.set(tableKey(table.name), table.name);
  return [...names.values()];
}

/** A described table by the name a tool or a foreign key gave, qualified or not. */
export function describedTable(knowledge: Knowledge, name: string): KnownTable | null {
  const exact = knowledge.described.get(tableKey(name));
  if (exact) return exact;
  const bare = tableKey(bareName(name));
  const matches = [...knowledge.described.values()].filter(
    (table) => tableKey(bareName(table.name)) === bare,
  );
  return matches.length === 1 ? (matches[0] ?? null) : null;
}

/** The name the listing uses for a table a foreign key names ("public.artist" → "artist"). */
export function listedName(knowledge: Knowledge, name: string): string {
  const names = knownTableNames(knowledge);
  const exact = names.find((known) => tableKey(known) === tableKey(name));
  if (exact !== undefined) return exact;
  const bare = names.filter((known) => tableKey(bareName(known)) === tableKey(bareName(name)));
  return bare.length === 1 ? (bare[0] ?? name) : name;
}

import { type Completion, CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@uiw/react-codemirror';
import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../src/features/editor/schema-catalog.ts';
import { schemaCompletionSource } from '../src/features/editor/schema-completion.ts';
import { engineSyntax } from '../src/features/editor/sql-dialects.ts';
import { makeColumn, makeSchema, makeTable } from './helpers/fixtures.ts';

// Chinook as the SQLite copy names it (mixed case), in SQLite's single unnamed schema.
const chinook = makeSchema({
  '': [
    makeTable('Track', {
      columns: ['TrackId', 'Name', 'AlbumId', 'UnitPrice'].map((name) => makeColumn(name)),
    }),
    makeTable('Album', { columns: ['AlbumId', 'Title', 'ArtistId'].map((name) => makeColumn(name)) }),
    makeTable('Artist', { columns: ['ArtistId', 'Name'].map((name) => makeColumn(name)) }),
  ],
});

// A PostgreSQL database with two schemas and a mixed-case name that needs quoting.
const warehouse = makeSchema({
  public: [
    makeTable('album', { columns: [makeColumn('album_id'), makeColumn('title', { type: 'text' })] }),
    makeTable('Invoice Lines', { columns: [makeColumn('InvoiceLineId'), makeColumn('order')] }),
  ],
  sales: [
    makeTable('orders', { columns: [makeColumn('order_id'), makeColumn('total', { type: 'numeric' })] }),
  ],
});

/** Completes at `|` in the text, as if the user had typed up to there (or pressed Ctrl+Space). */
function complete(
  textWithCursor: string,
  schema = chinook,
  engine = 'sqlite',
  explicit = false,
): CompletionResult | null {
  const pos = textWithCursor.indexOf('|');
  const doc = textWithCursor.replace('|', '');
  const syntax = engineSyntax(engine);
  const source = schemaCompletionSource(() => buildCatalog(schema, syntax), syntax);
  const state = EditorState.create({ doc, selection: { anchor: pos } });
  return source(new CompletionContext(state, pos, explicit)) as CompletionResult | null;
}

const labels = (result: CompletionResult | null) => result?.options.map((option) => option.label) ?? [];
const option = (result: CompletionResult | null, label: string): Completion | undefined =>
  result?.options.find((item) => item.label === label);

describe('schema completion', () => {
  it("offers the aliased table's columns after `alias.`", () => {
    const result = complete('SELECT * FROM Track t WHERE t.|');
    expect(labels(result)).toEqual(['TrackId', 'Name', 'AlbumId', 'UnitPrice']);
    expect(result?.from).toBe('SELECT * FROM Track t WHERE t.'.length);
  });

  it('resolves an alias defined later in the statement, with a partial word typed', () => {
    const result = complete('SELECT a.Ti| FROM Album AS a JOIN Track t ON t.AlbumId = a.AlbumId');
    expect(labels(result)).toEqual(['AlbumId', 'Title', 'ArtistId']);
    expect(result?.from).toBe('SELECT a.'.length);
  });

  it('reads aliases from the statement under the cursor only', () => {
    const result = complete('SELECT * FROM Artist t;\nSELECT t.| FROM Track t');
    expect(labels(result)).toContain('UnitPrice');
    expect(labels(result)).not.toContain('ArtistId');
  });

  it('completes a table name used as qualifier, case-insensitively', () => {
    expect(labels(complete('SELECT track.| FROM Track'))).toContain('TrackId');
  });

  it("lists a schema's tables after `schema.`, and a qualified table's columns after `schema.table.`", () => {
    expect(labels(complete('SELECT * FROM sales.|', warehouse, 'postgres'))).toEqual(['orders']);
    expect(labels(complete('SELECT sales.orders.| FROM sales.orders', warehouse, 'postgres'))).toEqual([
      'order_id',
      'total',
    ]);
    expect(labels(complete('SELECT o.| FROM sales.orders o', warehouse, 'postgres'))).toEqual([
      'order_id',
      'total',
    ]);
  });

  it('inserts names quoted the way the engine needs them', () => {
    const result = complete('SELECT il.| FROM public."Invoice Lines" il', warehouse, 'postgres');
    expect(option(result, 'InvoiceLineId')?.apply).toBe('"InvoiceLineId"');
    expect(option(result, 'order')?.apply).toBe('"order"');
    const tables = complete('SELECT * FROM |', warehouse, 'postgres', true);
    expect(option(tables, 'Invoice Lines')?.apply).toBe('"Invoice Lines"');
    // Tables outside the default schema come qualified.
    expect(option(tables, 'sales.orders')?.apply).toBe('sales.orders');
  });

  it('puts tables first after FROM and the statement’s columns first elsewhere', () => {
    const afterFrom = complete('SELECT * FROM Tr|');
    const table = option(afterFrom, 'Track');
    expect(table?.type).toBe('type');
    expect(table?.boost).toBeGreaterThan(option(afterFrom, 'TrackId')?.boost ?? -1);

    const inWhere = complete('SELECT * FROM Track t JOIN Album a ON a.AlbumId = t.AlbumId WHERE Ti|');
    expect(option(inWhere, 'Title')?.detail).toBe('Album · integer');
    expect(option(inWhere, 'AlbumId')?.detail).toBe('Track · integer, Album');
    expect(option(inWhere, 'Title')?.boost).toBeGreaterThan(option(inWhere, 'Artist')?.boost ?? 99);
    expect(labels(inWhere)).toContain('t');
    // Only the columns of the statement's tables are offered: Name belongs to Track and Artist.
    expect(labels(complete('SELECT * FROM Album WHERE Na|'))).not.toContain('Name');
  });

  it('stays quiet on an empty word unless asked, and without a schema', () => {
    expect(complete('SELECT |')).toBeNull();
    expect(labels(complete('SELECT |', chinook, 'sqlite', true))).toContain('Track');
    const syntax = engineSyntax('sqlite');
    const state = EditorState.create({ doc: 'SELECT t.' });
    expect(schemaCompletionSource(() => null, syntax)(new CompletionContext(state, 9, true))).toBeNull();
  });
});

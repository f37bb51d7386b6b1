import type {
  Completion,
  CompletionContext,
  CompletionResult,
  CompletionSource,
} from '@codemirror/autocomplete';
import { quoteIdentifier } from '@querent/contracts';
import { type Catalog, type CatalogTable, resolveTable, tablesOfSchema } from './schema-catalog.ts';
import type { EngineSyntax } from './sql-dialects.ts';
import { findTableReferences, type TableReference } from './sql-references.ts';
import { isName, scanSql, type Token } from './sql-scanner.ts';
import { statementAround } from './sql-statements.ts';

const identifierChars = /^[\w$]*$/;
const tableContext = new Set(['from', 'join', 'update', 'into', 'table']);

/** `a.b.` right before the word being typed, as ['a', 'b']; empty when there is no qualifier. */
function qualifierBefore(tokens: Token[], wordFrom: number): string[] {
  const path: string[] = [];
  let index = tokens.length - 1;
  let expectedEnd = wordFrom;
  for (;;) {
    const dot = tokens[index];
    const name = tokens[index - 1];
    if (dot?.value !== '.' || dot.to !== expectedEnd || !isName(name) || name.to !== dot.from) break;
    path.unshift(name.value);
    expectedEnd = name.from;
    index -= 2;
  }
  return path;
}

function columnOptions(table: CatalogTable, syntax: EngineSyntax, boost = 0): Completion[] {
  return table.columns.map((column) => ({
    label: column.name,
    apply: quoteIdentifier(column.name, syntax),
    type: 'property',
    detail: column.type,
    boost,
  }));
}

function tableOption(
  table: CatalogTable,
  syntax: EngineSyntax,
  qualified: boolean,
  boost: number,
): Completion {
  const name = quoteIdentifier(table.name, syntax);
  return {
    label: qualified ? `${table.schema}.${table.name}` : table.name,
    apply: qualified ? `${quoteIdentifier(table.schema, syntax)}.${name}` : name,
    type: 'type',
    detail: table.kind,
    boost,
  };
}

function aliasTarget(catalog: Catalog, references: TableReference[], name: string): CatalogTable | null {
  const lower = name.toLowerCase();
  const reference = references.find((item) => item.alias?.toLowerCase() === lower);
  return resolveTable(catalog, reference ? reference.path : [name]);
}

function qualifiedOptions(
  catalog: Catalog,
  syntax: EngineSyntax,
  references: TableReference[],
  qualifier: string[],
): Completion[] {
  const options: Completion[] = [];
  const table =
    qualifier.length === 1
      ? aliasTarget(catalog, references, qualifier[0] as string)
      : resolveTable(catalog, qualifier);
  if (table) options.push(...columnOptions(table, syntax));
  // `public.` (or `db.public.`) lists the schema's tables.
  const schemaTables = tablesOfSchema(catalog, qualifier.at(-1) as string);
  options.push(...schemaTables.map((item) => tableOption(item, syntax, false, 0)));
  return options;
}

function columnsOfReferences(
  catalog: Catalog,
  syntax: EngineSyntax,
  references: TableReference[],
  boost: number,
): Completion[] {
  const byName = new Map<string, Completion>();
  for (const reference of references) {
    const table = resolveTable(catalog, reference.path);
    if (!table) continue;
    for (const option of columnOptions(table, syntax, boost)) {
      const seen = byName.get(option.label);
      // A column several tables share is offered once, naming every table it belongs to.
      if (seen) seen.detail = `${seen.detail ?? ''}, ${table.name}`;
      else byName.set(option.label, { ...option, detail: `${table.name} · ${option.detail ?? ''}` });
    }
  }
  return [...byName.values()];
}

function unqualifiedOptions(
  catalog: Catalog,
  syntax: EngineSyntax,
  references: TableReference[],
  previousWord: string | undefined,
): Completion[] {
  const wantsTable = previousWord !== undefined && tableContext.has(previousWord.toLowerCase());
  const options = columnsOfReferences(catalog, syntax, references, wantsTable ? 0 : 3);
  for (const reference of references) {
    if (!reference.alias) continue;
    options.push({
      label: reference.alias,
      type: 'variable',
      detail: `alias of ${reference.path.join('.')}`,
      boost: wantsTable ? 0 : 2,
    });
  }
  for (const table of catalog.tables) {
    options.push(tableOption(table, syntax, !table.unqualified, wantsTable ? 3 : 1));
  }
  for (const schema of catalog.schemas) {
    options.push({
      label: schema,
      apply: quoteIdentifier(schema, syntax),
      type: 'namespace',
      detail: 'schema',
    });
  }
  return options;
}

/**
 * Completes schemas, tables and columns from the database's schema. After `alias.` or `table.`
 * it offers that table's columns (aliases are read from the whole statement, so `SELECT t.` works
 * before `FROM Track t` is typed); after `schema.` that schema's tables; elsewhere the columns of
 * the statement's tables first, then tables and schemas. Keywords come from the SQL language.
 */
export function schemaCompletionSource(
  getCatalog: () => Catalog | null,
  syntax: EngineSyntax,
): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    const catalog = getCatalog();
    if (!catalog) return null;
    const word = context.matchBefore(/[\w$]*$/);
    const from = word ? word.from : context.pos;
    const doc = context.state.doc.toString();
    const statement = statementAround(doc, context.pos, syntax.scan);
    const tokensBefore = scanSql(doc.slice(statement.from, from), syntax.scan).map((token) => ({
      ...token,
      from: token.from + statement.from,
      to: token.to + statement.from,
    }));
    const qualifier = qualifierBefore(tokensBefore, from);
    if (qualifier.length === 0 && from === context.pos && !context.explicit) return null;

    const references = findTableReferences(statement.text, syntax.scan);
    const options =
      qualifier.length > 0
        ? qualifiedOptions(catalog, syntax, references, qualifier)
        : unqualifiedOptions(
            catalog,
            syntax,
            references,
            tokensBefore.findLast((token) => token.kind === 'word')?.value,
          );
    if (options.length === 0) return null;
    return { from, options, validFor: identifierChars };
  };
}

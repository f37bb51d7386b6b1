import { columnFamily, type Dataset, type SchemaInfo, type SemanticModel } from '@querent/contracts';
import { type ColumnProfileEntry, ColumnProfiles } from './column-profiles.ts';
import { readColumn } from './column-prefix.ts';
import { columnUse } from './column-use.ts';
import { type DatasetFields, datasetFields, type UsedColumn } from './dataset-fields.ts';
import { proposeMetrics } from './metrics.ts';
import {
  fitSynonyms,
  labelOf,
  pluralPhrase,
  readName,
  singularPhrase,
  subjectWords,
  synonymsOf,
} from './name-reading.ts';
import { proposeRelationships } from './relationships.ts';
import { type SchemaTable, schemaTables } from './schema-tables.ts';
import { NameScope, snakeName } from './semantic-names.ts';
import { type TableReference, tableReferences } from './table-references.ts';

/*
 * A first semantic model of a database, proposed from its schema (and column profiles when the
 * caller has them) without a person or a model: the same input always gives the same model, in
 * the same order. Tables with a key become datasets; a table without one only when it is a link
 * between two tables or plainly a fact (it refers to others and holds numbers or dates).
 */

export interface ProposalInput {
  schema: SchemaInfo;
  profiles?: readonly ColumnProfileEntry[];
}

interface TablePlan {
  table: SchemaTable;
  key: string[];
  /** Why a keyless table is kept, in the dataset's description when it has none of its own. */
  note: string | null;
  columns: UsedColumn[];
}

function planTable(
  table: SchemaTable,
  references: readonly TableReference[],
  profiles: ColumnProfiles,
): TablePlan | null {
  // In the order of the table's columns, whatever order the engine lists its foreign keys in.
  const position = (reference: TableReference) =>
    table.info.columns.findIndex((column) => column.name === reference.columns[0]);
  const own = references
    .filter((reference) => reference.from === table)
    .sort((a, b) => position(a) - position(b));
  const joined = new Set([...table.key, ...own.flatMap((reference) => reference.columns)]);
  const columns = table.info.columns.map((column) => ({
    column,
    reading: readColumn(table.info, column.name),
    use: joined.has(column.name)
      ? ({ kind: 'none' } as const)
      : columnUse({
          name: column.name,
          family: columnFamily(column.type),
          reading: readColumn(table.info, column.name),
          profile: profiles.of(table.schema, table.info.name, column.name),
        }),
  }));
  const keyNote = table.keyInferred ? `Key read from the column name ${table.key.join(', ')}.` : null;
  if (table.key.length > 0) {
    const linked =
      own.length === 2 && own.every((reference) => reference.columns.every((c) => table.key.includes(c)));
    const linkNote = linked ? `Links ${own.map((reference) => reference.to.info.name).join(' and ')}.` : null;
    return { table, key: table.key, note: linkNote ?? keyNote, columns };
  }
  const referring = [...new Set(own.flatMap((reference) => reference.columns))];
  const otherColumns = table.info.columns.length - referring.length;
  if (own.length === 2 && otherColumns <= 2) {
    return {
      table,
      key: referring,
      note: `Links ${own.map((reference) => reference.to.info.name).join(' and ')}: one row per pair (no key is declared).`,
      columns,
    };
  }
  const factual = columns.some(({ use }) => use.kind === 'measure' || use.kind === 'time');
  if (own.length > 0 && factual) {
    return { table, key: [], note: 'No key: each row is one event or fact, counted as it is.', columns };
  }
  return null;
}

function describeTable(plan: TablePlan): string | null {
  const own = (plan.table.info.comment ?? plan.table.info.dbtDescription)?.trim() || null;
  return (own ?? plan.note)?.slice(0, 4000) ?? null;
}

/** Dataset names: the table's words, the last one singular; the schema's words first when two tables share one. */
function datasetNames(plans: readonly TablePlan[]): Map<TablePlan, string> {
  const base = (plan: TablePlan) => snakeName(singularPhrase(plan.table.reading.written), 'dataset');
  const counts = new Map<string, number>();
  for (const plan of plans) counts.set(base(plan), (counts.get(base(plan)) ?? 0) + 1);
  const scope = new NameScope();
  const names = new Map<TablePlan, string>();
  for (const plan of plans) {
    const shared = (counts.get(base(plan)) ?? 0) > 1;
    const words = [
      ...(shared ? readName(plan.table.schema).written : []),
      ...singularPhrase(plan.table.reading.written),
    ];
    names.set(plan, scope.claim(snakeName(words, 'dataset')));
  }
  return names;
}

export function proposeSemanticModel(input: ProposalInput): SemanticModel {
  const profiles = new ColumnProfiles(input.profiles);
  const tables = schemaTables(input.schema);
  const references = tableReferences(tables);
  const plans = tables.flatMap((table) => planTable(table, references, profiles) ?? []);
  const names = datasetNames(plans);
  const built: { plan: TablePlan; dataset: Dataset; label: string; fields: DatasetFields }[] = plans.map(
    (plan) => {
      const name = names.get(plan) ?? 'dataset';
      // "fct_orders" reads as "Order": the name keeps the prefix, the label says what it holds.
      const subject = singularPhrase(subjectWords(plan.table.reading.words));
      const label = labelOf(subject);
      const fields = datasetFields({ datasetName: name, datasetLabel: label, columns: plan.columns });
      const dataset: Dataset = {
        name,
        label,
        description: describeTable(plan),
        synonyms: fitSynonyms(
          [...synonymsOf(plan.table.reading, label), pluralPhrase(subject).join(' ')],
          label,
        ),
        source: { schema: plan.table.schema, table: plan.table.info.name },
        primaryKey: plan.key,
        dimensions: fields.dimensions,
        measures: fields.measures,
      };
      return { plan, dataset, label, fields };
    },
  );
  const relationships = proposeRelationships({
    references,
    datasets: new Map(built.map(({ plan, dataset }) => [plan.table, { name: dataset.name, key: plan.key }])),
  });
  const metrics = proposeMetrics(
    built.map(({ dataset, label, fields }) => ({ name: dataset.name, label, fields })),
  );
  return { datasets: built.map(({ dataset }) => dataset), relationships, metrics };
}

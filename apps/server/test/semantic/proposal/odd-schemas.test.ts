import { type SchemaInfo, semanticModelSchema, type TableInfo } from '@querent/contracts';
import { describe, expect, it } from 'vitest';
import { createSeededRandom, type SeededRandom } from '../../../src/demo/seeded-random.ts';
import type { ColumnProfileEntry } from '../../../src/semantic/proposal/column-profiles.ts';
import { proposeSemanticModel } from '../../../src/semantic/proposal/propose-model.ts';
import { oddString } from '../../helpers/fuzz-values.ts';

/*
 * Schemas drawn from a seeded generator, with ordinary names in every style and names that have
 * broken code elsewhere (empty, huge, unicode, quotes): whatever comes in, the proposal is a valid
 * model, and the same one again, in whatever order the schema lists its tables.
 */

const words = [
  'customer',
  'order',
  'line',
  'id',
  'price',
  'qty',
  'date',
  'status',
  'amt',
  'zip',
  'is',
  'name',
  'no',
];
const types = [
  'integer',
  'numeric(10,2)',
  'text',
  'varchar(20)',
  'date',
  'timestamp',
  'boolean',
  'jsonb',
  'uuid',
  '',
];

function styledName(random: SeededRandom): string {
  const parts = Array.from({ length: random.int(1, 3) }, () => random.pick(words));
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return random.pick([
    () => parts.join('_'),
    () => parts.map(capital).join(''),
    () => parts.join('_').toUpperCase(),
    () => parts.map(capital).join(' '),
  ])();
}

const nameOf = (random: SeededRandom) => (random.chance(0.2) ? oddString(random) : styledName(random));

function randomTable(
  random: SeededRandom,
  name: string,
  schema: string,
  others: readonly string[],
): TableInfo {
  const columnNames = [...new Set(Array.from({ length: random.int(0, 8) }, () => nameOf(random)))];
  const columns = columnNames.map((column) => ({
    name: column,
    type: random.pick(types),
    nullable: random.chance(0.5),
    comment: random.chance(0.1) ? oddString(random) : null,
    dbtDescription: null,
  }));
  const keyed = columnNames.length > 0 && random.chance(0.6);
  const target =
    others.length > 0 && columnNames.length > 0 && random.chance(0.4) ? random.pick(others) : null;
  return {
    name,
    kind: random.chance(0.8) ? 'table' : 'view',
    comment: null,
    rowEstimate: null,
    columns,
    primaryKey: keyed ? [random.pick(columnNames)] : [],
    foreignKeys:
      target === null
        ? []
        : [
            {
              name: null,
              columns: [random.pick(columnNames)],
              references: { schema, table: target, columns: ['id'] },
            },
          ],
    dbtDescription: null,
  };
}

function randomInput(seed: number): { schema: SchemaInfo; profiles: ColumnProfileEntry[] } {
  const random = createSeededRandom(seed);
  const schemas = [...new Set(Array.from({ length: random.int(1, 2) }, () => nameOf(random)))].map(
    (schema) => {
      const names = [...new Set(Array.from({ length: random.int(1, 6) }, () => nameOf(random)))];
      return { name: schema, tables: names.map((name) => randomTable(random, name, schema, names)) };
    },
  );
  const profiles = schemas.flatMap((schema) =>
    schema.tables.flatMap((table) =>
      table.columns
        .filter(() => random.chance(0.5))
        .map((column) => ({
          schema: schema.name,
          table: table.name,
          column: column.name,
          distinctCount: random.chance(0.2) ? null : random.int(0, 200),
          topValues: Array.from({ length: random.int(0, 120) }, () => oddString(random)),
        })),
    ),
  );
  return { schema: { schemas, introspectedAt: '2026-11-28T00:00:00.000Z' }, profiles };
}

describe('odd schemas', () => {
  it('always give a valid model, the same one every time and in every table order', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const input = randomInput(seed);
      const model = proposeSemanticModel(input);
      const parsed = semanticModelSchema.safeParse(model);
      expect(parsed.error, `seed ${seed}`).toBeUndefined();
      const reversed: SchemaInfo = {
        ...input.schema,
        schemas: [...input.schema.schemas]
          .reverse()
          .map((schema) => ({ ...schema, tables: [...schema.tables].reverse() })),
      };
      expect(JSON.stringify(proposeSemanticModel({ ...input, schema: reversed })), `seed ${seed}`).toBe(
        JSON.stringify(model),
      );
    }
  });
});

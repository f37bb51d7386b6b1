import { semanticModelSchema } from '@querent/contracts';
import { describe, expect, it } from 'vitest';
import { columnNameRead, sharedColumnPrefix } from '../../../src/text/column-prefix.ts';
import { proposeSemanticModel } from '../../../src/semantic/proposal/propose-model.ts';
import { schemaOf } from './schema-builder.ts';

/*
 * Tables whose every column carries the table's letter (`w_name`, `s_shipdate`), with no
 * declared keys: the letter is read past and run-together names split, so keys, references and
 * the labels people ask with come out as for plainly named columns.
 */

const schema = schemaOf([
  {
    name: 'warehouse',
    columns: [
      ['w_warehousekey', 'INTEGER'],
      ['w_name', 'TEXT'],
    ],
  },
  {
    name: 'shipment',
    columns: [
      ['s_shipmentkey', 'INTEGER'],
      ['s_warehousekey', 'INTEGER'],
      ['s_shipdate', 'DATE'],
      ['s_totalprice', 'DECIMAL(10,2)'],
      ['s_weight', 'REAL'],
    ],
  },
  // Not a prefix: the columns do not all share it.
  {
    name: 'note',
    columns: [
      ['id', 'INTEGER'],
      ['n_words', 'INTEGER'],
    ],
  },
]);

describe('column prefixes', () => {
  it('reads past a letter every column shares, and only then', () => {
    const [warehouse, shipment, note] = schema.schemas[0]?.tables ?? [];
    if (!warehouse || !shipment || !note) throw new Error('schema');
    expect(sharedColumnPrefix(shipment)).toBe('s_');
    expect(sharedColumnPrefix(note)).toBeNull();
    expect(columnNameRead(shipment, 's_shipdate')).toBe('ship_date');
    expect(columnNameRead(shipment, 's_totalprice')).toBe('total_price');
    expect(columnNameRead(shipment, 's_weight')).toBe('weight');
    expect(columnNameRead(warehouse, 'w_warehousekey')).toBe('warehouse_key');
    expect(columnNameRead(note, 'n_words')).toBe('n_words');
  });

  it('finds keys and references and labels the columns in words', () => {
    const model = proposeSemanticModel({ schema });
    expect(semanticModelSchema.safeParse(model).success).toBe(true);
    const datasets = new Map(model.datasets.map((dataset) => [dataset.name, dataset]));
    expect(datasets.get('shipment')?.primaryKey).toEqual(['s_shipmentkey']);
    expect(
      model.relationships.map((r) => `${r.from.dataset}(${r.from.columns.join(',')}) -> ${r.to.dataset}`),
    ).toEqual(['shipment(s_warehousekey) -> warehouse']);
    const shipment = datasets.get('shipment');
    expect(shipment?.dimensions.map((dimension) => dimension.label)).toContain('Ship date');
    expect(shipment?.measures.map((measure) => measure.label)).toEqual(
      expect.arrayContaining(['Total price', 'Weight']),
    );
    expect(datasets.get('warehouse')?.dimensions.map((dimension) => dimension.label)).toContain('Name');
  });
});

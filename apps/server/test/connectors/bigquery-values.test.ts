import { describe, expect, it } from 'vitest';
import { describeFields } from '../../src/connectors/bigquery/values.ts';

const row = (...values: unknown[]) => ({ f: values.map((v) => ({ v })) });

describe('BigQuery REST rows as JSON cells', () => {
  it('keeps numbers exact, names apart and types in GoogleSQL spelling', () => {
    const { columns, convert } = describeFields([
      { name: 'id', type: 'INTEGER', mode: 'NULLABLE' },
      { name: 'id', type: 'INTEGER', mode: 'NULLABLE' },
      { name: 'price', type: 'NUMERIC' },
      { name: 'ratio', type: 'FLOAT' },
      { name: 'ok', type: 'BOOLEAN' },
    ]);
    expect(columns).toEqual([
      { name: 'id', type: 'INT64' },
      { name: 'id_1', type: 'INT64' },
      { name: 'price', type: 'NUMERIC' },
      { name: 'ratio', type: 'FLOAT64' },
      { name: 'ok', type: 'BOOL' },
    ]);
    expect(convert(row('42', '9007199254740993', '12345678901234567.89', 'NaN', 'true'))).toEqual([
      42,
      '9007199254740993',
      '12345678901234567.89',
      'NaN',
      true,
    ]);
    expect(convert(row(null, null, null, null, null))).toEqual([null, null, null, null, null]);
  });

  it('reads microsecond timestamps, records, arrays and JSON', () => {
    const { columns, convert } = describeFields([
      { name: 'at', type: 'TIMESTAMP' },
      { name: 'before', type: 'TIMESTAMP' },
      { name: 'tags', type: 'STRING', mode: 'REPEATED' },
      {
        name: 'who',
        type: 'RECORD',
        fields: [
          { name: 'name', type: 'STRING' },
          { name: 'age', type: 'INTEGER' },
        ],
      },
      { name: 'doc', type: 'JSON' },
      { name: 'day', type: 'DATE' },
    ]);
    expect(columns.map((column) => column.type)).toEqual([
      'TIMESTAMP',
      'TIMESTAMP',
      'ARRAY<STRING>',
      'STRUCT',
      'JSON',
      'DATE',
    ]);
    expect(
      convert(
        row(
          '1609459200123456',
          '-1500',
          [{ v: 'a' }, { v: 'b' }],
          { f: [{ v: 'Ada' }, { v: '36' }] },
          '{"k":[1,2]}',
          '2021-01-01',
        ),
      ),
    ).toEqual([
      '2021-01-01T00:00:00.123456Z',
      '1969-12-31T23:59:59.998500Z',
      ['a', 'b'],
      { name: 'Ada', age: 36 },
      { k: [1, 2] },
      '2021-01-01',
    ]);
  });
});

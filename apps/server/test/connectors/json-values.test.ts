import { describe, expect, it } from 'vitest';
import {
  numberFromDecimalText,
  rowsFromArrays,
  toJsonValue,
  uniqueColumnNames,
} from '../../src/connectors/json-values.ts';

describe('JSON-safe values', () => {
  it('turns exact decimals into numbers only when no digit is lost', () => {
    expect(numberFromDecimalText('0.99')).toBe(0.99);
    expect(numberFromDecimalText('-12.50')).toBe(-12.5);
    expect(numberFromDecimalText('9007199254740991')).toBe(9007199254740991);
    expect(numberFromDecimalText('9223372036854775807')).toBe('9223372036854775807');
    expect(numberFromDecimalText('12345678901234567.89')).toBe('12345678901234567.89');
    expect(numberFromDecimalText('NaN')).toBe('NaN');
  });

  it('converts driver values', () => {
    expect(toJsonValue(42n)).toBe(42);
    expect(toJsonValue(2n ** 64n)).toBe('18446744073709551616');
    expect(toJsonValue(new Date('2020-01-02T03:04:05Z'))).toBe('2020-01-02T03:04:05.000Z');
    expect(toJsonValue(Buffer.from([1, 2, 255]))).toBe('\\x0102ff');
    expect(toJsonValue(Number.NaN)).toBe('NaN');
    expect(toJsonValue(undefined)).toBeNull();
    expect(toJsonValue({ a: [1n, new Date(0)], m: new Map([[1, 'x']]) })).toEqual({
      a: [1, '1970-01-01T00:00:00.000Z'],
      m: { 1: 'x' },
    });
  });

  it('keeps every column of a result with repeated names', () => {
    expect(uniqueColumnNames(['id', 'id', 'name', 'id', 'id_1'])).toEqual([
      'id',
      'id_1',
      'name',
      'id_2',
      'id_1_1',
    ]);
  });

  it('converts each row into an array of JSON cells, one per column, in column order', () => {
    const columns = [
      { name: 'id', type: 'int' },
      { name: 'id_1', type: 'int' },
      { name: 'at', type: 'timestamp' },
    ];
    expect(
      rowsFromArrays(columns, [
        [1n, 2, new Date(0)],
        [3, undefined, null],
      ]),
    ).toEqual([
      [1, 2, '1970-01-01T00:00:00.000Z'],
      [3, null, null],
    ]);
    // The converter learns each cell's column; a driver's extra trailing cell is not a column.
    const seen: number[] = [];
    const rows = rowsFromArrays(columns, [['a', 'b', 'c', 'extra']], (value, index) => {
      seen.push(index);
      return `${index}:${String(value)}`;
    });
    expect(rows).toEqual([['0:a', '1:b', '2:c']]);
    expect(seen).toEqual([0, 1, 2]);
  });
});

import { describe, expect, it } from 'vitest';
import type { TableProfile } from '../../../src/modules/quality/scan/profile-table.ts';
import { ColumnProfiles, profileEntriesOf } from '../../../src/semantic/proposal/column-profiles.ts';

/*
 * The proposer's profiles: looked up by schema, table and column, and made from what the
 * data-quality scan's profileTable() measured.
 */

const profile: TableProfile = {
  rows: 10,
  statements: 2,
  error: null,
  columns: [
    {
      name: 'id',
      family: 'number',
      nullable: false,
      nonNull: 10,
      distinct: 10,
      blanks: null,
      maxLength: null,
      latest: null,
      values: null,
    },
    {
      name: 'status',
      family: 'text',
      nullable: true,
      nonNull: 9,
      distinct: 3,
      blanks: 0,
      maxLength: 7,
      latest: null,
      values: [
        { value: 'shipped', count: 2 },
        { value: 'placed', count: 5 },
        { value: 'lost', count: 2 },
      ],
    },
    {
      name: 'note',
      family: 'text',
      nullable: true,
      nonNull: 9,
      distinct: 9,
      blanks: 0,
      maxLength: 80,
      latest: null,
      values: null,
    },
  ],
};

describe('column profiles', () => {
  it("takes text columns from a scan's table profile, values most frequent first", () => {
    expect(profileEntriesOf('public', 'orders', profile)).toEqual([
      {
        schema: 'public',
        table: 'orders',
        column: 'status',
        distinctCount: 3,
        topValues: ['placed', 'lost', 'shipped'],
      },
      { schema: 'public', table: 'orders', column: 'note', distinctCount: 9, topValues: [] },
    ]);
  });

  it('gives nothing for a table the scan could not read', () => {
    expect(profileEntriesOf('public', 'orders', { ...profile, error: 'permission denied' })).toEqual([]);
  });

  it('looks profiles up by schema, table and column, names with dots included', () => {
    const profiles = new ColumnProfiles([
      { schema: 'a.b', table: 'c', column: 'd', distinctCount: 1, topValues: ['x'] },
      { schema: 'a', table: 'b.c', column: 'd', distinctCount: 2, topValues: ['y'] },
    ]);
    expect(profiles.of('a.b', 'c', 'd')?.topValues).toEqual(['x']);
    expect(profiles.of('a', 'b.c', 'd')?.topValues).toEqual(['y']);
    expect(profiles.of('a', 'b', 'c.d')).toBeNull();
  });
});

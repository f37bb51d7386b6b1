import { describe, expect, it } from 'vitest';
import { areAllDatabasesPublic } from '../src/features/databases/all-public.ts';

describe('the check whether all databases are public', () => {
  it('is true only when there are databases and every one is public', () => {
    expect(areAllDatabasesPublic([{ public: true }, { public: true }])).toBe(true);
    expect(areAllDatabasesPublic([{ public: true }, { public: false }])).toBe(false);
    expect(areAllDatabasesPublic([])).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { closestNames } from '../../src/agent/matching/close-names.ts';
import { editDistance } from '../../src/text/edit-distance.ts';
import { matchValues } from '../../src/agent/matching/fuzzy-values.ts';
import { emptyResultHint, stringLiterals, unknownName } from '../../src/agent/result-hints.ts';

const stored = [
  { value: 'Germany', count: 4 },
  { value: 'Brazil', count: 5 },
  { value: 'São Paulo', count: 2 },
  { value: 'USA', count: 13 },
  { value: 'United Kingdom', count: 3 },
  { value: 'The Rolling Stones', count: 1 },
  { value: null, count: 7 },
];

const best = (searched: string) => matchValues(stored, searched, 3)[0];

describe('matching a literal to the stored values', () => {
  it('finds the stored spelling whatever the case, accents or small misspellings', () => {
    expect(best('germany')).toMatchObject({ value: 'Germany', match: 'same letters' });
    expect(best('Germany')).toMatchObject({ value: 'Germany', match: 'exact' });
    expect(best('sao paulo')).toMatchObject({ value: 'São Paulo', match: 'same letters' });
    expect(best('Brasil')).toMatchObject({ value: 'Brazil', match: 'close spelling' });
    expect(best('usa')).toMatchObject({ value: 'USA', match: 'same letters' });
    expect(best('kingdom')).toMatchObject({ value: 'United Kingdom', match: 'whole word' });
    expect(best('Rolling Stones')).toMatchObject({ value: 'The Rolling Stones', match: 'whole word' });
    expect(best('Stnes')).toMatchObject({ value: 'The Rolling Stones', match: 'close spelling' });
  });

  it('matches nothing rather than something far off, and never NULL', () => {
    expect(matchValues(stored, 'Atlantis', 3)).toEqual([]);
    // Short words must match exactly: "US" is not "USA" misspelt.
    expect(matchValues(stored, 'uk', 3)).toEqual([]);
  });

  it('ranks the kind of match first, then the most frequent', () => {
    const values = [
      { value: 'paid', count: 1 },
      { value: 'Paid', count: 50 },
      { value: 'unpaid', count: 9 },
    ];
    expect(matchValues(values, 'paid', 3).map((match) => match.value)).toEqual(['paid', 'Paid', 'unpaid']);
  });
});

describe('close names', () => {
  it('measures edits and gives up past the limit', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
  });

  it('prefers the same letters, then containment, then small misspellings', () => {
    const columns = ['CustomerId', 'FirstName', 'LastName', 'Country', 'Company', 'SupportRepId'];
    expect(closestNames('customer_id', columns)).toEqual(['CustomerId']);
    expect(closestNames('countri', columns)).toEqual(['Country']);
    expect(closestNames('name', columns)).toEqual(['LastName', 'FirstName']);
    expect(closestNames('zzz', columns)).toEqual([]);
  });
});

describe('result hints', () => {
  it("reads each engine's way of naming what it does not know", () => {
    expect(unknownName('no such column: c.Countri')).toEqual({ kind: 'column', name: 'Countri' });
    expect(unknownName('relation "public.invoices" does not exist')).toEqual({
      kind: 'table',
      name: 'invoices',
    });
    expect(unknownName("Unknown column 'Countri' in 'where clause'")).toEqual({
      kind: 'column',
      name: 'Countri',
    });
    expect(unknownName("Table 'chinook.Invoices' doesn't exist")).toEqual({
      kind: 'table',
      name: 'Invoices',
    });
    expect(unknownName("SQL compilation error: invalid identifier 'COUNTRI'")).toEqual({
      kind: 'column',
      name: 'COUNTRI',
    });
    expect(unknownName('Unrecognized name: Countri at [1:8]')).toEqual({ kind: 'column', name: 'Countri' });
    expect(unknownName('division by zero')).toBeNull();
  });

  it('calls a result empty when a filtered statement found no rows or only an empty aggregate', () => {
    const sql = "SELECT SUM(Total) FROM Invoice WHERE BillingCountry = 'germany' AND BillingCity = 'O''Hare'";
    expect(stringLiterals(sql)).toEqual(['germany', "O'Hare"]);
    expect(emptyResultHint(sql, [[null]], 1)).toContain("('germany', 'O'Hare'");
    expect(emptyResultHint(sql, [], 0)).toContain('column_values');
    expect(emptyResultHint(sql, [[12.5]], 1)).toBeNull();
    // No filter: an empty table is a fact, not a mistake.
    expect(emptyResultHint('SELECT * FROM Invoice', [], 0)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { splitRunTogether } from '../../src/text/run-together-words.ts';

describe('splitRunTogether', () => {
  it("splits Chinook's names as Snowflake keeps them unquoted into their words", () => {
    const names: Record<string, string[]> = {
      invoicedate: ['invoice', 'date'],
      invoiceline: ['invoice', 'line'],
      customerid: ['customer', 'id'],
      mediatypeid: ['media', 'type', 'id'],
      supportrepid: ['support', 'rep', 'id'],
      reportsto: ['reports', 'to'],
      billingpostalcode: ['billing', 'postal', 'code'],
      playlisttrack: ['playlist', 'track'],
      unitprice: ['unit', 'price'],
      createdat: ['created', 'at'],
      isactive: ['is', 'active'],
      custname: ['cust', 'name'],
    };
    for (const [name, words] of Object.entries(names)) expect(splitRunTogether(name), name).toEqual(words);
  });

  it('keeps a word whole when it is known, too short, or not all known words', () => {
    for (const word of [
      'invoice',
      'customers',
      'milliseconds',
      'composer',
      'island',
      'therapist',
      'notes',
      'address',
      'total',
      'idle',
      'bytes',
      'catalog',
      'shipto2',
      'Invoicedate',
    ]) {
      expect(splitRunTogether(word), word).toEqual([word]);
    }
  });
});

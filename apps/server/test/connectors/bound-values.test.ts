import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../../src/connectors/index.ts';
import { boundPlaceholder, createConnector } from '../../src/connectors/index.ts';
import { keyedRows } from '../helpers/result-rows.ts';
import type { ScratchDatabase } from './scratch-databases.ts';
import {
  duckdbScratch,
  fillNames,
  mysqlScratch,
  postgresScratch,
  sqliteScratch,
} from './scratch-databases.ts';

/*
 * Values bound to placeholders (a dashboard's filters) reach each engine as values, never as SQL:
 * a value written to end the statement and drop the table is read as text, even outside safe mode
 * where a spliced DROP would have run, and the table is still whole afterwards.
 */

const hostile = [
  "x'; DROP TABLE {t}; --",
  "ant' OR '1'='1",
  'bee" ; DELETE FROM {t} /* ',
  "cat'); DROP TABLE {t}; SELECT ('",
  "\\'; DROP TABLE {t}; #",
];

const scratches: [string, () => Promise<ScratchDatabase | null>][] = [
  ['PostgreSQL', postgresScratch],
  ['MariaDB', mysqlScratch],
  ['SQLite', sqliteScratch],
  ['DuckDB', duckdbScratch],
];

for (const [label, open] of scratches) {
  const scratch = await open();
  describe.skipIf(scratch === null)(`bound values on ${label}`, () => {
    let connector: Connector;
    let names: ScratchDatabase['names'];
    const writable = { rowCap: 100, timeoutMs: 10_000, readOnly: false };

    beforeAll(() => {
      if (scratch === null) return;
      connector = createConnector(scratch.engine, scratch.details);
      names = scratch.names;
    });
    afterAll(async () => {
      if (scratch === null) return;
      await connector.close();
      await scratch.dispose();
    });

    const p = (position: number) => boundPlaceholder(connector.dialect, position);

    it('reads a hostile value as text: nothing matches, nothing is dropped', async () => {
      const before = await scratch?.state();
      for (const text of hostile) {
        const value = fillNames(text, names);
        const result = await connector.run(
          fillNames(`SELECT id, name FROM {t} WHERE name = ${p(1)}`, names),
          {
            ...writable,
            params: [value],
          },
        );
        expect(result.rows, value).toEqual([]);
      }
      expect(await scratch?.state()).toEqual(before);
    });

    it('keeps a hostile value whole: written with binding, found again by it, the only match', async () => {
      // Short enough for MariaDB's varchar(10) column.
      const value = "o'k; --";
      await connector.run(fillNames(`INSERT INTO {t} (name) VALUES (${p(1)})`, names), {
        ...writable,
        params: [value],
      });
      const found = await connector.run(
        fillNames(`SELECT name FROM {t} WHERE name = ${p(1)} OR name = ${p(2)} ORDER BY name`, names),
        { ...writable, params: [value, 'ant'] },
      );
      expect(keyedRows(found)).toEqual([{ name: 'ant' }, { name: value }]);
      const all = await connector.run(fillNames('SELECT count(*) AS n FROM {t}', names), writable);
      expect(Number(keyedRows(all)[0]?.n)).toBe(4);
    });

    it('never lets a question mark of the statement take a value', async () => {
      const sql = fillNames(`SELECT name FROM {t} WHERE name <> 'what?' AND name = ${p(1)}`, names);
      if (connector.dialect === 'mysql') {
        // mysql2 would put the value in place of the first `?`, inside the literal: refused.
        await expect(connector.run(sql, { ...writable, params: ["' OR 1=1 -- "] })).rejects.toThrow(
          /question mark/,
        );
      } else {
        const found = await connector.run(sql, { ...writable, params: ['ant'] });
        expect(keyedRows(found)).toEqual([{ name: 'ant' }]);
      }
    });

    it('binds numbers and null in order', async () => {
      const result = await connector.run(
        fillNames(
          `SELECT name FROM {t} WHERE id >= ${p(1)} AND id <= ${p(2)} AND name <> ${p(3)} ORDER BY id`,
          names,
        ),
        { ...writable, params: [2, 3, 'zzz'] },
      );
      expect(keyedRows(result)).toEqual([{ name: 'bee' }, { name: 'cat' }]);
      const none = await connector.run(fillNames(`SELECT name FROM {t} WHERE name = ${p(1)}`, names), {
        ...writable,
        params: [null],
      });
      expect(none.rows).toEqual([]);
    });
  });
}

import { describe, expect, it } from 'vitest';
import { tablesRead } from '../../../src/modules/dashboards/tables-read.ts';

/*
 * Which tables a tile's SQL reads, from its text: what its business entities are found by. Names
 * after FROM and JOIN and in FROM lists, quoted or not, with their schema when written; the query's
 * own WITH names and the FROM of EXTRACT() are not tables.
 */
describe('the tables a query reads', () => {
  it('reads FROM, JOIN and FROM lists, aliases or not', () => {
    expect(
      tablesRead(
        'SELECT c.name, SUM(o.total) FROM customers c JOIN orders AS o ON o.customer_id = c.id LEFT JOIN sales.refunds r USING (id) GROUP BY 1',
        'postgres',
      ),
    ).toEqual(['customers', 'orders', 'sales.refunds']);
    expect(tablesRead('SELECT * FROM a x, b AS y, c WHERE x.id = y.id', 'sqlite')).toEqual(['a', 'b', 'c']);
  });

  it('unquotes names the way each engine quotes them, and keeps their case apart from the SQL', () => {
    expect(tablesRead('SELECT * FROM "Sales"."Order Details" od', 'postgres')).toEqual([
      'sales.order details',
    ]);
    expect(tablesRead('SELECT * FROM `Invoice` JOIN `Invoice``Line` ON 1 = 1', 'mysql')).toEqual([
      'invoice',
      'invoice`line',
    ]);
  });

  it('leaves out WITH names, and the FROM inside EXTRACT, SUBSTRING and TRIM', () => {
    expect(
      tablesRead(
        "WITH recent AS (SELECT * FROM orders WHERE EXTRACT(YEAR FROM ordered_at) = 2024), top AS (SELECT TRIM(BOTH ' ' FROM name) AS n FROM recent) SELECT SUBSTRING(n FROM 1 FOR 3) FROM top JOIN customers ON true",
        'postgres',
      ),
    ).toEqual(['orders', 'customers']);
  });

  it('reads subqueries in FROM, and answers nothing for text it cannot read', () => {
    expect(tablesRead('SELECT * FROM (SELECT id FROM tracks) AS t JOIN albums ON true', 'sqlite')).toEqual([
      'tracks',
      'albums',
    ]);
    expect(tablesRead("SELECT 'unterminated FROM x", 'postgres')).toEqual([]);
  });
});

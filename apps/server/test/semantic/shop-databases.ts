import {
  duckdbWith,
  type EngineDatabase,
  mariadbWith,
  postgresWith,
  sqliteWith,
} from '../helpers/sql-on-engines.ts';

/*
 * The shop of shop-model.ts in each local engine: a scratch PostgreSQL and MariaDB database, a
 * fresh SQLite file (dates as 'YYYY-MM-DD' text) and a fresh DuckDB file, read through
 * Querent's own connectors.
 *
 * Orders (week starts are Mondays):
 *   1  customer 1 (FR)  2024-01-15 Mon  paid       shipping 10  3 lines: 3 + 100 + 20 = 123
 *   2  customer 1 (FR)  2024-02-03 Sat  paid       shipping 5   coupon WELCOME  1 line: 15
 *   3  customer 2 (DE)  2024-02-10 Sat  cancelled  shipping 7   1 line: 100
 *   4  customer 3 (FR)  2024-04-02 Tue  paid       shipping 0   1 line: 40
 *   5  customer 2 (DE)  2024-04-07 Sun  paid       shipping 4   coupon it's  2 lines: 6 + 20 = 26
 * Customer 4 (US) has no order.
 */
export const shopSql = [
  'CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR(50) NOT NULL, country VARCHAR(2) NOT NULL)',
  'CREATE TABLE products (id INTEGER PRIMARY KEY, name VARCHAR(50) NOT NULL, category VARCHAR(50) NOT NULL)',
  `CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, ordered_at DATE NOT NULL,
     status VARCHAR(20) NOT NULL, shipping DECIMAL(10, 2) NOT NULL, coupon VARCHAR(20))`,
  `CREATE TABLE order_lines (id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL, product_id INTEGER NOT NULL,
     quantity INTEGER NOT NULL, unit_price DECIMAL(10, 2) NOT NULL)`,
  "INSERT INTO customers VALUES (1, 'Ada', 'FR'), (2, 'Bob', 'DE'), (3, 'Cy', 'FR'), (4, 'Dee', 'US')",
  "INSERT INTO products VALUES (1, 'Pen', 'office'), (2, 'Desk', 'furniture'), (3, 'Lamp', 'furniture')",
  `INSERT INTO orders VALUES (1, 1, '2024-01-15', 'paid', 10, NULL), (2, 1, '2024-02-03', 'paid', 5, 'WELCOME'),
     (3, 2, '2024-02-10', 'cancelled', 7, NULL), (4, 3, '2024-04-02', 'paid', 0, NULL), (5, 2, '2024-04-07', 'paid', 4, 'it''s')`,
  `INSERT INTO order_lines VALUES (1, 1, 1, 2, 1.50), (2, 1, 2, 1, 100), (3, 1, 3, 1, 20), (4, 2, 1, 10, 1.50),
     (5, 3, 2, 1, 100), (6, 4, 3, 2, 20), (7, 5, 1, 4, 1.50), (8, 5, 3, 1, 20)`,
];

export type ShopDatabase = EngineDatabase;

export const shopPostgres = (): Promise<ShopDatabase> => postgresWith(shopSql);
export const shopMariadb = (): Promise<ShopDatabase | null> => mariadbWith(shopSql);
export const shopSqlite = (): Promise<ShopDatabase> => sqliteWith(shopSql);
export const shopDuckdb = (): Promise<ShopDatabase> => duckdbWith(shopSql);

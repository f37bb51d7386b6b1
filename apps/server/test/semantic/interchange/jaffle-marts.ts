import {
  duckdbWith,
  type EngineDatabase,
  mariadbWith,
  postgresWith,
  sqliteWith,
  writeDuckdbFile,
} from '../../helpers/sql-on-engines.ts';

/*
 * The three marts the jaffle-sl-template semantic models read (orders, order_items, customers),
 * with the columns their YAML names and a few rows written by hand, in scratch PostgreSQL and
 * MariaDB databases and fresh SQLite and DuckDB files, read through Querent's own connectors.
 * Booleans are BOOLEAN where dbt compares them with `= true` (is_food_order) and 0/1 integers
 * where it compares them with `= 1` (is_food_item), as the template's SQL expects.
 */
export const jaffleMartsSql = [
  `CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, customer_name VARCHAR(50) NOT NULL,
     customer_type VARCHAR(20) NOT NULL, first_ordered_at DATE, last_ordered_at DATE,
     count_lifetime_orders INTEGER, lifetime_spend_pretax DECIMAL(10, 2), lifetime_spend DECIMAL(10, 2))`,
  `CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, location_id INTEGER NOT NULL,
     ordered_at DATE NOT NULL, order_total DECIMAL(10, 2) NOT NULL, tax_paid DECIMAL(10, 2) NOT NULL,
     order_cost DECIMAL(10, 2) NOT NULL, is_food_order BOOLEAN NOT NULL, is_drink_order BOOLEAN NOT NULL)`,
  `CREATE TABLE order_items (order_item_id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL, product_id INTEGER NOT NULL,
     ordered_at DATE NOT NULL, is_food_item INTEGER NOT NULL, is_drink_item INTEGER NOT NULL,
     product_price DECIMAL(10, 2) NOT NULL)`,
  `INSERT INTO customers VALUES
     (1, 'Ann', 'new', '2024-01-03', '2024-01-03', 1, 12.00, 12.50),
     (2, 'Ben', 'returning', '2024-01-05', '2024-03-02', 3, 80.00, 83.00),
     (3, 'Cas', 'returning', '2024-02-01', '2024-02-20', 2, 43.00, 44.99),
     (4, 'Dot', 'new', NULL, NULL, 0, 0, 0)`,
  `INSERT INTO orders VALUES
     (1, 1, 1, '2024-01-03', 12.50, 0.50, 4.00, TRUE, FALSE),
     (2, 2, 1, '2024-01-05', 30.00, 1.20, 9.00, TRUE, TRUE),
     (3, 2, 2, '2024-01-09', 8.00, 0.30, 2.00, FALSE, TRUE),
     (4, 3, 2, '2024-02-01', 25.00, 1.00, 7.00, TRUE, TRUE),
     (5, 3, 1, '2024-02-20', 19.99, 0.80, 6.00, TRUE, FALSE),
     (6, 2, 2, '2024-03-02', 45.00, 1.80, 12.00, TRUE, TRUE)`,
  `INSERT INTO order_items VALUES
     (1, 1, 1, '2024-01-03', 1, 0, 12.00),
     (2, 2, 1, '2024-01-05', 1, 0, 12.00), (3, 2, 5, '2024-01-05', 0, 1, 6.00), (4, 2, 2, '2024-01-05', 1, 0, 10.80),
     (5, 3, 5, '2024-01-09', 0, 1, 7.70),
     (6, 4, 2, '2024-02-01', 1, 0, 10.80), (7, 4, 6, '2024-02-01', 0, 1, 13.20),
     (8, 5, 3, '2024-02-20', 1, 0, 19.19),
     (9, 6, 1, '2024-03-02', 1, 0, 12.00), (10, 6, 3, '2024-03-02', 1, 0, 19.19), (11, 6, 6, '2024-03-02', 0, 1, 12.01)`,
];

export type MartDatabase = EngineDatabase;

export const jafflePostgres = (): Promise<MartDatabase> => postgresWith(jaffleMartsSql);
export const jaffleMariadb = (): Promise<MartDatabase | null> => mariadbWith(jaffleMartsSql);
export const jaffleSqlite = (): Promise<MartDatabase> => sqliteWith(jaffleMartsSql);
export const jaffleDuckdb = (): Promise<MartDatabase> => duckdbWith(jaffleMartsSql);

/** A DuckDB file holding the marts (and `moreSql` after them), closed, for a test to connect as a user would. */
export const writeJaffleDuckdbFile = (path: string, moreSql: readonly string[] = []): Promise<void> =>
  writeDuckdbFile(path, [...jaffleMartsSql, ...moreSql]);

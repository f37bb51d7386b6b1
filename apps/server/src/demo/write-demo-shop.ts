import { renameSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { generateDemoShop } from './demo-shop-data.ts';

const schema = `
CREATE TABLE categories (
  category_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);
CREATE TABLE customers (
  customer_id INTEGER PRIMARY KEY,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT,
  country_code TEXT NOT NULL,
  city TEXT NOT NULL,
  signup_date TEXT NOT NULL,
  accepts_marketing INTEGER NOT NULL
);
CREATE TABLE products (
  product_id INTEGER PRIMARY KEY,
  sku TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  category_id INTEGER NOT NULL REFERENCES categories (category_id),
  unit_price REAL NOT NULL,
  is_active INTEGER NOT NULL
);
CREATE TABLE orders (
  order_id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (customer_id),
  ordered_at TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('processing', 'shipped', 'delivered', 'cancelled', 'returned')),
  shipping_country_code TEXT NOT NULL,
  total_amount REAL NOT NULL
);
CREATE TABLE order_lines (
  order_line_id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (order_id),
  product_id INTEGER NOT NULL REFERENCES products (product_id),
  quantity INTEGER NOT NULL,
  unit_price REAL NOT NULL
);
`;

// Built after the rows are in: one pass over sorted data instead of an update per insert.
const indexes = `
CREATE INDEX orders_customer_id_idx ON orders (customer_id);
CREATE INDEX orders_ordered_at_idx ON orders (ordered_at);
CREATE INDEX order_lines_order_id_idx ON order_lines (order_id);
CREATE INDEX order_lines_product_id_idx ON order_lines (product_id);
CREATE INDEX products_category_id_idx ON products (category_id);
`;

/**
 * Writes the demo shop as a SQLite file. It is built beside the target and renamed into place,
 * so a crash never leaves half a database behind; one transaction and prepared statements keep
 * the ~100k rows well under a second.
 */
export function writeDemoShop(file: string, seed?: number): void {
  const building = `${file}.${process.pid}.building`;
  rmSync(building, { force: true });
  const db = new Database(building);
  try {
    // Nothing to recover from: an interrupted build is deleted and started over.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.exec(schema);
    const insert = {
      category: db.prepare('INSERT INTO categories VALUES (?, ?)'),
      customer: db.prepare('INSERT INTO customers VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
      product: db.prepare('INSERT INTO products VALUES (?, ?, ?, ?, ?, ?)'),
      order: db.prepare('INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?)'),
      orderLine: db.prepare('INSERT INTO order_lines VALUES (?, ?, ?, ?, ?)'),
    };
    db.transaction(() => {
      generateDemoShop(
        {
          category: (row) => insert.category.run(row),
          customer: (row) => insert.customer.run(row),
          product: (row) => insert.product.run(row),
          order: (row) => insert.order.run(row),
          orderLine: (row) => insert.orderLine.run(row),
        },
        seed,
      );
    })();
    db.exec(indexes);
    // Statistics give the schema browser its row estimates.
    db.exec('ANALYZE');
    db.close();
    renameSync(building, file);
  } catch (error) {
    if (db.open) db.close();
    rmSync(building, { force: true });
    throw error;
  }
}

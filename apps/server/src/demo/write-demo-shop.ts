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

/** Rows per INSERT: a statement per hundred rows rather than per row more than halves the inserting. */
const ROWS_PER_INSERT = 100;

type Row = readonly (string | number | null)[];

/** Inserts rows of the same width, `ROWS_PER_INSERT` to a statement. */
function insertRows(db: Database.Database, table: string, rows: readonly Row[]): void {
  const width = rows[0]?.length ?? 0;
  const tuple = `(${Array<string>(width).fill('?').join(', ')})`;
  const insert = (count: number) =>
    db.prepare(`INSERT INTO ${table} VALUES ${Array<string>(count).fill(tuple).join(', ')}`);
  const full = insert(ROWS_PER_INSERT);
  let start = 0;
  for (; start + ROWS_PER_INSERT <= rows.length; start += ROWS_PER_INSERT)
    full.run(rows.slice(start, start + ROWS_PER_INSERT).flat());
  if (start < rows.length) insert(rows.length - start).run(rows.slice(start).flat());
}

/**
 * Writes the demo shop as a SQLite file. It is built beside the target and renamed into place,
 * so a crash never leaves half a database behind. It is written on a first start before the
 * server listens, so it is kept fast: the ~100k rows are generated first, then inserted table by
 * table (parents first, so every foreign key holds) in one transaction with multi-row INSERTs.
 */
export function writeDemoShop(file: string, seed?: number): void {
  const rows = {
    categories: [] as Row[],
    customers: [] as Row[],
    products: [] as Row[],
    orders: [] as Row[],
    order_lines: [] as Row[],
  };
  generateDemoShop(
    {
      category: (row) => rows.categories.push(row),
      customer: (row) => rows.customers.push(row),
      product: (row) => rows.products.push(row),
      order: (row) => rows.orders.push(row),
      orderLine: (row) => rows.order_lines.push(row),
    },
    seed,
  );
  const building = `${file}.${process.pid}.building`;
  rmSync(building, { force: true });
  const db = new Database(building);
  try {
    // Nothing to recover from: an interrupted build is deleted and started over.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.exec(schema);
    db.transaction(() => {
      for (const [table, tableRows] of Object.entries(rows)) insertRows(db, table, tableRows);
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

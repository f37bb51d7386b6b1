import pg from 'pg';

/**
 * Runs one statement on a connection of its own, closed after: CREATE and DROP DATABASE must
 * run outside the database they create or drop, and outside any transaction.
 */
export async function runAdminStatement(connection: pg.ClientConfig, text: string): Promise<void> {
  const client = new pg.Client(connection);
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

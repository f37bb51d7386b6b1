import { z } from 'zod';

/** The database a tool reads, as list_databases names it. */
export const databaseIdInput = z
  .string()
  .min(1)
  .max(100)
  .describe('The id of a database, from list_databases.');

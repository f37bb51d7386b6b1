import type { SchemaInfo } from '../connector.ts';

/** Messages between the SQLite connector and its host process (host.ts). */

export interface OpenTarget {
  filename: string;
  readOnly: boolean;
}

export type HostRequest =
  | ({
      type: 'open';
      sql: string;
      batchSize: number;
      /** Values for the statement's `?` placeholders, bound by better-sqlite3. */
      params?: readonly (string | number | null)[];
    } & OpenTarget)
  | { type: 'next'; batchSize: number }
  | { type: 'close' }
  | ({ type: 'introspect'; countRowsBelowBytes: number } & OpenTarget);

export interface HostColumn {
  name: string;
  type: string | null;
}

export type HostReply =
  | { type: 'ready' }
  | { type: 'batch'; columns: HostColumn[]; rows: unknown[][]; done: boolean; affectedRows: number | null }
  | { type: 'closed' }
  | { type: 'schema'; schema: SchemaInfo }
  | { type: 'error'; message: string; code: string | null };

import type { SchemaInfo, TableName } from '@querent/contracts';
import type { Actor } from '../../access/can.ts';
import type { DatabaseRecord } from '../../databases/database-record.ts';
import type { TableProfile } from './profile-table.ts';

/** A table the scan profiled, with what it measured. */
export interface ProfiledTable {
  table: TableName;
  profile: TableProfile;
}

/**
 * What a module above data quality does with a finished scan's schema and profiles, without a
 * statement more: the semantic model's module proposes a model from them (Scan auto leaves a
 * proposal). Quality defines the port; the app hands the implementation in, so quality imports
 * nothing of the modules that use it.
 */
export interface ScanFollowUp {
  afterScan(input: {
    database: DatabaseRecord;
    actor: Actor;
    schema: SchemaInfo;
    profiled: readonly ProfiledTable[];
  }): Promise<void>;
}

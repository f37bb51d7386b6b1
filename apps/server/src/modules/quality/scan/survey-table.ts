import type { TableInfo, TableName } from '@querent/contracts';
import type { Actor } from '../../access/can.ts';
import type { BusinessEntityRecord } from '../../business-entities/entity-record.ts';
import { createEntity, changeEntity } from '../../business-entities/entity-operations.ts';
import type { DatabaseRecord } from '../../databases/database-record.ts';
import type { QualityDeps } from '../quality-deps.ts';
import { adoptProposals } from './adopt-proposals.ts';
import { entityNameOf } from './entity-name.ts';
import type { TableProfile } from './profile-table.ts';
import { profileTable } from './profile-table.ts';
import { keyOf, proposeChecks } from './propose-checks.ts';

/** A table of the schema with the name the card shows for it. */
export interface SchemaTableRef {
  table: TableName;
  info: TableInfo;
  /** `schema.table`, or `table` when the database has one schema. */
  ref: string;
}

export interface Survey {
  entity: BusinessEntityRecord | null;
  created: boolean;
  checksAdded: number;
  statements: number;
  /** Why the table got no entity (no key, unreadable). */
  skipped: string | null;
  /** What the profile measured; null when the table could not be read. */
  profile: TableProfile | null;
}

/**
 * Profiles one table and brings its entity up to date: made when missing (a table with a key
 * becomes an entity, named after the table, defined by its comment or dbt description), given a
 * key and a definition when it had none, and given the checks the scan's rules propose that it
 * does not have yet.
 */
export async function surveyTable(
  deps: QualityDeps,
  input: {
    database: DatabaseRecord;
    actor: Actor;
    target: SchemaTableRef;
    /** The entity of this table, if it has one; otherwise one is made. */
    entity: BusinessEntityRecord | null;
    /** Names taken by other entities of the database (lower case), to keep names apart. */
    takenNames: Set<string>;
    signal?: AbortSignal | undefined;
  },
): Promise<Survey> {
  const { target } = input;
  const profile = await profileTable(deps, {
    database: input.database,
    actor: input.actor,
    table: target.table,
    info: target.info,
    signal: input.signal,
  });
  if (profile.error !== null) {
    return {
      entity: input.entity,
      created: false,
      checksAdded: 0,
      statements: profile.statements,
      skipped: profile.error,
      profile: null,
    };
  }
  const key = input.entity?.keyColumns.length ? input.entity.keyColumns : keyOf(target.info, profile);
  if (!input.entity && key.length === 0) {
    return {
      entity: null,
      created: false,
      checksAdded: 0,
      statements: profile.statements,
      skipped: 'No key',
      profile,
    };
  }
  const description = (target.info.comment ?? target.info.dbtDescription)?.trim() || null;
  let entity = input.entity;
  let created = false;
  if (!entity) {
    let name = entityNameOf(target.info.name);
    if (input.takenNames.has(name.toLowerCase())) name = `${name} (${target.table.schema || target.ref})`;
    input.takenNames.add(name.toLowerCase());
    entity = await createEntity(deps.db, {
      databaseId: input.database.id,
      name,
      definition: description,
      table: target.table,
      tableRef: target.ref,
      keyColumns: key,
      origin: 'scan',
    });
    created = true;
  } else if (
    (entity.definition === null && description !== null) ||
    entity.keyColumns.length === 0 ||
    entity.table === null
  ) {
    // Fill what a person left empty; never overwrite what they wrote.
    await changeEntity(deps.db, entity.id, {
      ...(entity.definition === null && description !== null ? { definition: description } : {}),
      ...(entity.keyColumns.length === 0 ? { keyColumns: key } : {}),
      ...(entity.table === null ? { table: target.table, tableRef: entity.tableRef ?? target.ref } : {}),
    });
    entity = {
      ...entity,
      definition: entity.definition ?? description,
      keyColumns: entity.keyColumns.length > 0 ? entity.keyColumns : key,
      table: entity.table ?? target.table,
    };
  }
  const added = await adoptProposals(deps.db, {
    entity,
    table: target.table,
    origin: 'scan',
    proposals: proposeChecks({ table: target.table, info: target.info, profile, key }),
  });
  return {
    entity,
    created,
    checksAdded: added.length,
    statements: profile.statements,
    skipped: null,
    profile,
  };
}

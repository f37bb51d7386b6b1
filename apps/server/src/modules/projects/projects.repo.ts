import type { ProjectTable } from '@querent/contracts';
import type { Selectable } from 'kysely';
import type { StoreDb } from '../../store/connect.ts';
import type { ProjectsTable } from '../../store/schema.ts';
import { newId, nowIso } from '../../store/values.ts';
import { visibleTo } from '../access/visible-to.ts';
import type { VisibilityColumns } from '../access/visible-to.ts';
import type { Viewer } from '../databases/database-record.ts';
import type { ProjectRecord } from './project-record.ts';

export interface NewProject {
  name: string;
  description: string | null;
  databaseId: string;
  ownerId: string;
  organizationId: string | null;
  tables: ProjectTable[];
}

export type ProjectChanges = Partial<Pick<NewProject, 'name' | 'description' | 'databaseId' | 'tables'>>;

type ProjectRow = Selectable<ProjectsTable>;

function toRecord(row: ProjectRow, tables: ProjectTable[]): ProjectRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    databaseId: row.database_id,
    ownerId: row.owner_id,
    organizationId: row.organization_id,
    tables,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Tables of several projects at once, sorted by schema and name. */
async function tablesOf(db: StoreDb, projectIds: readonly string[]): Promise<Map<string, ProjectTable[]>> {
  const byProject = new Map<string, ProjectTable[]>();
  if (projectIds.length === 0) return byProject;
  const rows = await db
    .selectFrom('project_tables')
    .select(['project_id', 'schema_name', 'table_name'])
    .where('project_id', 'in', projectIds)
    .orderBy('project_id')
    .orderBy('schema_name')
    .orderBy('table_name')
    .execute();
  for (const row of rows) {
    const tables = byProject.get(row.project_id) ?? [];
    tables.push({ schema: row.schema_name, table: row.table_name });
    byProject.set(row.project_id, tables);
  }
  return byProject;
}

async function writeTables(db: StoreDb, projectId: string, tables: readonly ProjectTable[]): Promise<void> {
  await db.deleteFrom('project_tables').where('project_id', '=', projectId).execute();
  if (tables.length === 0) return;
  await db
    .insertInto('project_tables')
    .values(
      tables.map((entry) => ({
        id: newId(),
        project_id: projectId,
        schema_name: entry.schema,
        table_name: entry.table,
      })),
    )
    .execute();
}

export async function insertProject(db: StoreDb, input: NewProject): Promise<ProjectRecord> {
  const id = newId();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('projects')
      .values({
        id,
        name: input.name,
        description: input.description,
        database_id: input.databaseId,
        owner_id: input.ownerId,
        organization_id: input.organizationId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await writeTables(trx, id, input.tables);
  });
  const project = await findProjectById(db, id);
  if (!project) throw new Error(`Project ${id} vanished right after being created`);
  return project;
}

export async function findProjectById(db: StoreDb, id: string): Promise<ProjectRecord | null> {
  const row = await db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const tables = await tablesOf(db, [id]);
  return toRecord(row, tables.get(id) ?? []);
}

const projectDatabaseVisibility: VisibilityColumns = {
  owner: 'd.owner_id',
  organization: 'd.organization_id',
  shared: 'd.shared',
  public: 'd.public',
};

/**
 * Projects the viewer may see, by the policy's list condition: their own or their organization's
 * on a database they may see, and the publisher's projects of public databases. Oldest first.
 */
export async function listProjectsVisibleTo(db: StoreDb, viewer: Viewer): Promise<ProjectRecord[]> {
  const rows = await db
    .selectFrom('projects as p')
    .innerJoin('databases as d', 'd.id', 'p.database_id')
    .selectAll('p')
    .where((eb) =>
      eb.and([
        visibleTo(viewer, 'database', projectDatabaseVisibility),
        visibleTo(viewer, 'project', {
          owner: 'p.owner_id',
          organization: 'p.organization_id',
          shared: true,
          // A public database shares its publisher's projects (as madeByPublisher says).
          public: eb.and([
            eb('d.public', '=', true),
            eb.or([
              eb('p.owner_id', '=', eb.ref('d.owner_id')),
              eb('p.organization_id', '=', eb.ref('d.organization_id')),
            ]),
          ]),
        }),
      ]),
    )
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute();
  const tables = await tablesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toRecord(row, tables.get(row.id) ?? []));
}

export async function updateProject(
  db: StoreDb,
  id: string,
  changes: ProjectChanges,
): Promise<ProjectRecord | null> {
  const found = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('projects')
      .set({
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.description === undefined ? {} : { description: changes.description }),
        ...(changes.databaseId === undefined ? {} : { database_id: changes.databaseId }),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    if (changes.tables !== undefined) await writeTables(trx, id, changes.tables);
    return true;
  });
  return found ? findProjectById(db, id) : null;
}

export async function deleteProject(db: StoreDb, id: string): Promise<boolean> {
  const result = await db.deleteFrom('projects').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Everything the owner has here now belongs to their new organisation (or to none). */
export async function setProjectsOrganizationOfOwner(
  db: StoreDb,
  ownerId: string,
  organizationId: string | null,
): Promise<void> {
  await db
    .updateTable('projects')
    .set({ organization_id: organizationId })
    .where('owner_id', '=', ownerId)
    .execute();
}

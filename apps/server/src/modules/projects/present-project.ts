import type { Project } from '@querent/contracts';
import type { DatabaseAccess } from '../databases/database-access.ts';
import type { ProjectRecord } from './project-record.ts';

export function presentProject(project: ProjectRecord, access: DatabaseAccess): Project {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    databaseId: project.databaseId,
    tables: project.tables,
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
    editable: access === 'write',
  };
}

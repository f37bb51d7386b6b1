import type { Project } from '@querent/contracts';
import type { Actor } from '../access/can.ts';
import { objectAbilities } from '../access/can.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import type { ProjectRecord } from './project-record.ts';
import { projectSubject } from './project-subject.ts';

/** A project, with what the asking user may do with it on its database. */
export function presentProject(project: ProjectRecord, database: DatabaseRecord, actor: Actor): Project {
  const abilities = objectAbilities(actor, projectSubject(project, database));
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    databaseId: project.databaseId,
    tables: project.tables,
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
    editable: abilities.edit,
    abilities,
  };
}

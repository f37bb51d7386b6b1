import type { ProjectTable } from '@querent/contracts';

/** A project as stored: a database and the tables of it the project is about. */
export interface ProjectRecord {
  id: string;
  name: string;
  description: string | null;
  databaseId: string;
  ownerId: string;
  organizationId: string | null;
  tables: ProjectTable[];
  createdAt: string;
  updatedAt: string;
}

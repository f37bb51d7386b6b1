import { z } from 'zod';
import { listDatabases } from '../../databases/list-databases.ts';
import { listProjects } from '../../projects/list-projects.ts';
import { defineTool } from '../mcp-tool.ts';

/** More than this many of either is a list to search, not to read whole. */
const LISTED = 200;

const outputSchema = z.object({
  databases: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      engine: z.string(),
      safeMode: z.boolean().describe('Read-only on every path, enforced by the database.'),
    }),
  ),
  projects: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      databaseId: z.string(),
      tables: z.array(z.string()).describe('The tables the project is about (schema.table).'),
    }),
  ),
  note: z.string().optional(),
});

/** GET /api/databases and GET /api/projects, as one answer. */
export const listDatabasesTool = defineTool({
  name: 'list_databases',
  scope: 'metadata:read',
  title: 'List databases and projects',
  description:
    'The databases and projects you may use, with their ids. Every other tool takes a `databaseId` from here; a project is a set of tables of one database (use its `databaseId`).',
  inputSchema: z.object({}),
  outputSchema,
  async run(_input, { deps, user }) {
    const [databases, projects] = await Promise.all([
      listDatabases(deps, { user }),
      listProjects(deps, { user }),
    ]);
    const left = Math.max(0, databases.length - LISTED) + Math.max(0, projects.length - LISTED);
    return {
      databases: databases.slice(0, LISTED).map((database) => ({
        id: database.id,
        name: database.name,
        engine: database.engine,
        safeMode: database.safe_mode,
      })),
      projects: projects.slice(0, LISTED).map((project) => ({
        id: project.id,
        name: project.name,
        description: project.description,
        databaseId: project.databaseId,
        tables: project.tables
          .slice(0, 100)
          .map((table) => (table.schema ? `${table.schema}.${table.table}` : table.table)),
      })),
      ...(left > 0 ? { note: `${left} more not listed: only the first ${LISTED} of each are shown.` } : {}),
    };
  },
});

import { z } from 'zod';
import { listBusinessEntities } from '../../business-entities/list-business-entities.ts';
import { defineTool } from '../mcp-tool.ts';
import { entityCard, entityCardSchema } from './entity-card.ts';
import { databaseIdInput } from './database-id.ts';

const LISTED = 200;

const outputSchema = z.object({
  entities: z.array(entityCardSchema),
  total: z.number().int(),
  note: z.string().optional(),
});

/** GET /api/business-entities?contextId=database-{id}'s use case. */
export const listEntitiesTool = defineTool({
  name: 'list_entities',
  scope: 'metadata:read',
  title: 'List business entities',
  description:
    "A database's business entities (customers, orders...): the table each stands for, its completeness and quality scores in percent, and its open issues. Say how far a figure can be trusted when it rests on an entity with a low score or open issues.",
  inputSchema: z.object({ databaseId: databaseIdInput }),
  outputSchema,
  async run(input, { deps, user }) {
    const entities = await listBusinessEntities(
      { db: deps.db, issues: deps.entityIssues },
      { user, contextId: `database-${input.databaseId}` },
    );
    const shown = entities.slice(0, LISTED);
    return {
      entities: shown.map(entityCard),
      total: entities.length,
      ...(entities.length > shown.length
        ? { note: `Showing the first ${shown.length} of ${entities.length} entities.` }
        : {}),
    };
  },
});

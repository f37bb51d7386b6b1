import { z } from 'zod';
import { describeSchemaTable, describeTableInput } from '../../../agent/tools/describe-table.ts';
import { AppError } from '../../../errors.ts';
import { listBusinessEntities } from '../../business-entities/list-business-entities.ts';
import { defineTool } from '../mcp-tool.ts';
import { entityCard, entityCardSchema } from './entity-card.ts';
import { databaseIdInput } from './database-id.ts';
import { readSchemaSnapshot } from './read-schema.ts';

/** How much of a table an answer holds: a wide table lists the columns that fit and says so. */
const tableBudget = { describeChars: 24_000, descriptionChars: 1000 };

const outputSchema = z.looseObject({
  table: z.string(),
  columnCount: z.number().int(),
  columns: z.array(z.looseObject({ name: z.string(), type: z.string() })),
  note: z.string().optional(),
  businessEntity: entityCardSchema
    .nullable()
    .describe('The business entity this table stands for, with its scores and open issues; null when none.'),
});

/** The analyst's table card over GET /api/databases/{id}/schema. */
export const describeTableTool = defineTool({
  name: 'describe_table',
  scope: 'metadata:read',
  title: 'Describe a table',
  description:
    "One table's columns with their type, nullability and description, its dbt tests, primary key, foreign keys and the tables that reference it, and the business entity it stands for (quality scores, open issues). A very wide table lists the columns that fit: pass `columns` to find the others.",
  inputSchema: describeTableInput.extend({ databaseId: databaseIdInput }),
  outputSchema,
  async run(input, context) {
    const snapshot = await readSchemaSnapshot(context, input.databaseId);
    const card = describeSchemaTable(input, { tables: snapshot.tables, budget: tableBudget });
    // An unknown table is the caller's mistake, answered with the closest names.
    if (typeof card.error === 'string') throw new AppError('NOT_FOUND', card.error, { field: 'table' });
    // Entities name their table as the schema shows it (schema-qualified only when there are several).
    const entities = await listBusinessEntities(
      { db: context.deps.db, issues: context.deps.entityIssues },
      { user: context.user, contextId: `database-${input.databaseId}` },
    );
    const name = String(card.table).toLowerCase();
    const entity = entities.find((candidate) => candidate.table_ref?.toLowerCase() === name);
    return outputSchema.parse({ ...card, businessEntity: entity ? entityCard(entity) : null });
  },
});

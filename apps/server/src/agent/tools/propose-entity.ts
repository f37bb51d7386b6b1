import { z } from 'zod';
import { AppError } from '../../errors.ts';
import {
  insertEntity,
  listEntitiesOfDatabase,
  updateEntity,
} from '../../modules/business-entities/business-entities.repo.ts';
import { findColumn } from '../../modules/quality/runs/table-lookup.ts';
import { findSchemaTable } from '../schema/schema-tables.ts';
import type { AgentTool } from './agent-tool.ts';
import { requireChanges } from './quality-tool-support.ts';

const inputSchema = z.object({
  name: z.string().trim().min(1).max(200).describe('The business name, singular: "Customer", "Order line".'),
  table: z.string().min(1).max(500).describe('The table or view that holds it, as the schema shows it.'),
  definition: z
    .string()
    .trim()
    .min(3)
    .max(2000)
    .optional()
    .describe('What one of it is, in business words: who or what, when it is made, what it is used for.'),
  key_columns: z
    .array(z.string().min(1))
    .max(10)
    .optional()
    .describe('The columns that identify one of it; the primary key when omitted.'),
});

export const proposeEntityTool: AgentTool<typeof inputSchema> = {
  name: 'propose_entity',
  description:
    'Create a business entity on a table, or update the one with this name: its definition and its key. The table and columns are checked against the schema. It shows as "Not scanned" until its checks run (propose_checks, then run_checks). You write definitions; you never write scores.',
  inputSchema,
  async execute(input, context) {
    requireChanges(context);
    const entry = findSchemaTable(context.tables, input.table);
    if (!entry)
      throw new AppError('BAD_REQUEST', `No table named ${input.table}. Use search_schema to find it.`);
    const key = (input.key_columns ?? entry.table.primaryKey).map((column) => {
      const found = findColumn(entry.table, column);
      if (found === null)
        throw new AppError('BAD_REQUEST', `Column ${column} was not found in ${entry.name}`);
      return found;
    });
    const table = { schema: entry.schema, name: entry.table.name };
    const existing = (await listEntitiesOfDatabase(context.db, context.database.id)).find(
      (entity) => entity.name.toLowerCase() === input.name.toLowerCase(),
    );
    if (existing) {
      await updateEntity(context.db, existing.id, {
        ...(input.definition === undefined ? {} : { definition: input.definition }),
        table,
        tableRef: entry.name,
        ...(key.length > 0 ? { keyColumns: key } : {}),
      });
      return {
        output: { entityId: existing.id, updated: true, name: existing.name, table: entry.name, key },
      };
    }
    const entity = await insertEntity(context.db, {
      databaseId: context.database.id,
      name: input.name,
      definition: input.definition ?? null,
      table,
      tableRef: entry.name,
      keyColumns: key,
      origin: 'agent',
    });
    return { output: { entityId: entity.id, created: true, name: entity.name, table: entry.name, key } };
  },
};

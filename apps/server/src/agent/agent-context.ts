import type { SqlDialect } from '../connectors/index.ts';
import type { ResolvedContext } from '../modules/context/resolve-context.ts';
import { listMemories } from '../modules/conversations/memories.repo.ts';
import type { SchemaDeps } from '../modules/databases/get-database-schema.ts';
import { loadDatabaseSchema } from '../modules/databases/get-database-schema.ts';
import { buildInstructions } from './instructions.ts';
import { summarizeSchema } from './schema/schema-summary.ts';
import type { SchemaTable } from './schema/schema-tables.ts';
import { listSchemaTables, projectTableKeys } from './schema/schema-tables.ts';

export interface AgentContext {
  instructions: string;
  dialect: SqlDialect;
  tables: SchemaTable[];
  focus: Set<string>;
}

/** Share of the context window the schema summary may take; the rest is the conversation's. */
const SCHEMA_SHARE = 0.15;
const SCHEMA_TOKENS_MAX = 8000;

/**
 * Loads what a turn needs to know once: the schema (cached, with dbt descriptions), the
 * project's focus, the memory, and the instructions built from them.
 */
export async function loadAgentContext(
  deps: SchemaDeps,
  input: { context: ResolvedContext; contextTokens: number },
): Promise<AgentContext> {
  const { database, project } = input.context;
  const dialect = deps.connections.forDatabase(database).dialect;
  const [schema, memories] = await Promise.all([
    loadDatabaseSchema(deps, database),
    listMemories(deps.db, database.id),
  ]);
  const focus = projectTableKeys(project?.tables ?? []);
  const summary = summarizeSchema(schema, {
    focus,
    budgetTokens: Math.min(SCHEMA_TOKENS_MAX, Math.floor(input.contextTokens * SCHEMA_SHARE)),
  });
  return {
    instructions: buildInstructions({ context: input.context, dialect, schema: summary, memories }),
    dialect,
    tables: listSchemaTables(schema),
    focus,
  };
}

import type { AgentToolName } from '@querent/contracts';
import type { z } from 'zod';
import type { AgentPort, AgentVerifiedQuery } from '../agent-port.ts';
import type { ContextBudget } from '../context-budget.ts';
import type { SchemaIndex } from '../schema/schema-index.ts';
import type { SchemaTable } from '../schema/schema-tables.ts';

/** What a tool answers: `output` is what the model reads (JSON); the ids link the step to the chat. */
export interface ToolResult {
  output: Record<string, unknown>;
  queryId?: string | null;
  chartId?: string | null;
}

/**
 * Everything a tool may use during one turn: the turn's port and what the loop loaded once; the
 * same for every model.
 */
export interface ToolContext extends AgentPort {
  /** The database's tables (with dbt descriptions), flattened. */
  tables: readonly SchemaTable[];
  /** `schema.table` keys of the project's tables, ranked first; empty for a database. */
  focus: ReadonlySet<string>;
  /** The search over this schema version's tables, built at its first use and kept with the version. */
  readonly schemaIndex: SchemaIndex;
  /** How much of a result or a table the model may be shown, from its context window. */
  budget: ContextBudget;
  /** The database's verified queries, as the turn read them when it started. */
  verified: readonly AgentVerifiedQuery[];
}

/**
 * One tool of the analyst. Every model (a provider's, the offline analyst, a scripted test model)
 * drives the same set through the same loop, by name and input.
 */
export interface AgentTool<Schema extends z.ZodType = z.ZodType> {
  name: AgentToolName;
  description: string;
  inputSchema: Schema;
  execute(input: z.output<Schema>, context: ToolContext): Promise<ToolResult>;
}

import type { AgentPort } from './agent-port.ts';
import type { ContextBudget } from './context-budget.ts';
import { buildInstructions } from './instructions.ts';
import { rankMemories } from './memory-relevance.ts';
import { summarizeSchema } from './schema/schema-summary.ts';
import type { SchemaTable } from './schema/schema-tables.ts';
import { listSchemaTables, projectTableKeys } from './schema/schema-tables.ts';

export interface AgentContext {
  instructions: string;
  tables: SchemaTable[];
  focus: Set<string>;
}

/**
 * Loads what a turn needs to know once: the schema (cached, with dbt descriptions), the
 * project's focus, the approved memory most relevant to the question, and the instructions built
 * from them.
 */
export async function loadAgentContext(port: AgentPort, budget: ContextBudget): Promise<AgentContext> {
  const [schema, memories, history] = await Promise.all([
    port.readSchema(),
    port.readMemories(),
    port.readHistory(),
  ]);
  // The question, with the one before it: a follow-up ("and by month?") names little itself.
  const question = history
    .filter((message) => message.role === 'user' && message.functionCall === null)
    .slice(-2)
    .map((message) => message.content ?? '')
    .join('\n');
  const focus = projectTableKeys(port.project?.tables ?? []);
  const summary = summarizeSchema(schema, {
    focus,
    budgetTokens: budget.schemaTokens,
  });
  return {
    instructions: buildInstructions({
      subject: port,
      dialect: port.dialect,
      schema: summary,
      memories: rankMemories(memories, question),
      memoryTokens: budget.memoryTokens,
      metrics: schema.dbtMetrics ?? [],
      metricsTokens: budget.metricsTokens,
    }),
    tables: listSchemaTables(schema),
    focus,
  };
}

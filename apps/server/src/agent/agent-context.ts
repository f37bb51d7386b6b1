import type { AgentPort, AgentVerifiedQuery } from './agent-port.ts';
import type { ContextBudget } from './context-budget.ts';
import type { TurnClock } from './current-time.ts';
import { buildInstructions } from './instructions.ts';
import { rankMemories } from './memory-relevance.ts';
import type { SchemaSnapshot } from './schema/schema-snapshot.ts';
import { snapshotOf } from './schema/schema-snapshot.ts';
import type { SchemaTable } from './schema/schema-tables.ts';
import { projectTableKeys } from './schema/schema-tables.ts';
import { latestQuestion, relevantVerifiedQueries } from './verified-examples.ts';

export interface AgentContext {
  instructions: string;
  tables: readonly SchemaTable[];
  focus: Set<string>;
  /** This schema version's tables, search index and summaries, shared by every turn until it changes. */
  schema: SchemaSnapshot;
  /** The database's verified queries, read once for the turn. */
  verified: readonly AgentVerifiedQuery[];
}

/**
 * Loads what a turn needs to know once: the schema (cached, with dbt descriptions; its summary and
 * search index cached per schema version), the project's focus, the approved memory most relevant
 * to the question, the verified queries closest to it, the dbt metrics, and the instructions
 * built from them.
 */
export async function loadAgentContext(
  port: AgentPort,
  input: { budget: ContextBudget; clock: TurnClock },
): Promise<AgentContext> {
  const { budget } = input;
  const [schema, memories, verified, history] = await Promise.all([
    port.readSchema(),
    port.readMemories(),
    port.readVerifiedQueries(),
    port.readHistory(),
  ]);
  // For memory, the question with the one before it: a follow-up ("and by month?") names little itself.
  const recentQuestions = history
    .filter((message) => message.role === 'user' && message.functionCall === null)
    .slice(-2)
    .map((message) => message.content ?? '')
    .join('\n');
  const focus = projectTableKeys(port.project?.tables ?? []);
  const snapshot = snapshotOf(schema);
  const summary = snapshot.summary({
    focus,
    budgetTokens: budget.schemaTokens,
  });
  return {
    instructions: buildInstructions({
      subject: port,
      dialect: port.dialect,
      schema: summary,
      memories: rankMemories(memories, recentQuestions),
      memoryTokens: budget.memoryTokens,
      metrics: schema.dbtMetrics ?? [],
      metricsTokens: budget.metricsTokens,
      clock: input.clock,
      examples: relevantVerifiedQueries(latestQuestion(history), verified),
    }),
    tables: snapshot.tables,
    focus,
    schema: snapshot,
    verified,
  };
}

import type { AgentPort } from './agent-port.ts';
import type { TurnClock } from './current-time.ts';
import { buildInstructions } from './instructions.ts';
import { latestQuestion, relevantVerifiedQueries } from './verified-examples.ts';
import type { SchemaSnapshot } from './schema/schema-snapshot.ts';
import { snapshotOf } from './schema/schema-snapshot.ts';
import type { SchemaTable } from './schema/schema-tables.ts';
import { projectTableKeys } from './schema/schema-tables.ts';

export interface AgentContext {
  instructions: string;
  tables: readonly SchemaTable[];
  focus: Set<string>;
  /** This schema version's tables, search index and summaries, shared by every turn until it changes. */
  schema: SchemaSnapshot;
}

/** Share of the context window the schema summary may take; the rest is the conversation's. */
const SCHEMA_SHARE = 0.15;
const SCHEMA_TOKENS_MAX = 8000;

/**
 * Loads what a turn needs to know once: the schema (cached, with dbt descriptions; its summary and
 * search index cached per schema version), the project's focus, the memory, the verified queries
 * closest to the question, and the instructions built from them.
 */
export async function loadAgentContext(
  port: AgentPort,
  input: { contextTokens: number; clock: TurnClock },
): Promise<AgentContext> {
  const [schema, memories, verified, history] = await Promise.all([
    port.readSchema(),
    port.readMemories(),
    port.readVerifiedQueries(),
    port.readHistory(),
  ]);
  const focus = projectTableKeys(port.project?.tables ?? []);
  const snapshot = snapshotOf(schema);
  const summary = snapshot.summary({
    focus,
    budgetTokens: Math.min(SCHEMA_TOKENS_MAX, Math.floor(input.contextTokens * SCHEMA_SHARE)),
  });
  return {
    instructions: buildInstructions({
      subject: port,
      dialect: port.dialect,
      schema: summary,
      memories,
      clock: input.clock,
      examples: relevantVerifiedQueries(latestQuestion(history), verified),
    }),
    tables: snapshot.tables,
    focus,
    schema: snapshot,
  };
}

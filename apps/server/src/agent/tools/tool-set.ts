import type { AgentToolName } from '@querent/contracts';
import { tool, zodSchema } from 'ai';
import type { ToolSet } from 'ai';
import type { AgentTool } from './agent-tool.ts';
import { analyzeEntityTool } from './analyze-entity.ts';
import { columnValuesTool } from './column-values.ts';
import { createChartTool } from './create-chart.ts';
import { describeTableTool } from './describe-table.ts';
import { explainScoreTool } from './explain-score.ts';
import { muteCheckTool } from './mute-check.ts';
import { openIssueTool } from './open-issue.ts';
import { profileTableTool } from './profile-table.ts';
import { proposeChecksTool } from './propose-checks.ts';
import { proposeEntityTool } from './propose-entity.ts';
import { runChecksTool } from './run-checks.ts';
import { listMetricsTool } from './list-metrics.ts';
import { queryMetricsTool } from './query-metrics.ts';
import { runSqlTool } from './run-sql.ts';
import { sampleRowsTool } from './sample-rows.ts';
import { saveMemoryTool } from './save-memory.ts';
import { scanDatabaseTool } from './scan-database.ts';
import { searchSchemaTool } from './search-schema.ts';
import { triageIssueTool } from './triage-issue.ts';

/** The analyst's tools, in the order they are offered. */
export const agentTools: readonly AgentTool[] = [
  searchSchemaTool,
  describeTableTool,
  sampleRowsTool,
  columnValuesTool,
  listMetricsTool,
  queryMetricsTool,
  runSqlTool,
  createChartTool,
  saveMemoryTool,
  scanDatabaseTool,
  analyzeEntityTool,
  profileTableTool,
  proposeEntityTool,
  proposeChecksTool,
  runChecksTool,
  explainScoreTool,
  openIssueTool,
  triageIssueTool,
  muteCheckTool,
];

export function findAgentTool(name: string): AgentTool | null {
  return agentTools.find((candidate) => candidate.name === name) ?? null;
}

/**
 * The tools as the AI SDK offers them to a model: definitions only. The loop runs them itself,
 * one at a time, so it can store each step, wait for a write's confirmation and stop cleanly.
 * Built once: the SDK turns a zod schema into JSON Schema on every model call unless it is given
 * an already wrapped schema, which keeps its JSON Schema once made (about a third of a step's
 * time went there).
 */
function defineTools(): ToolSet {
  const definitions: Partial<Record<AgentToolName, ToolSet[string]>> = {};
  for (const entry of agentTools) {
    definitions[entry.name] = tool({
      description: entry.description,
      inputSchema: zodSchema(entry.inputSchema),
    });
  }
  return definitions;
}

const definitions = defineTools();

export function toolDefinitions(): ToolSet {
  return definitions;
}

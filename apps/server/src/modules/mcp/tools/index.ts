import type { McpTool } from '../mcp-tool.ts';
import { askAnalystTool } from './ask-analyst.ts';
import { columnValuesTool } from './column-values.ts';
import { describeTableTool } from './describe-table.ts';
import { listDatabasesTool } from './list-databases.ts';
import { listEntitiesTool } from './list-entities.ts';
import { listIssuesTool } from './list-issues.ts';
import { listMetricsTool } from './list-metrics.ts';
import { listSavedQueriesTool } from './list-saved-queries.ts';
import { queryMetricsTool } from './query-metrics.ts';
import { runSavedQueryTool } from './run-saved-query.ts';
import { runSqlTool } from './run-sql.ts';
import { searchSchemaTool } from './search-schema.ts';

/** Every tool the MCP server offers, in the order a client lists them. */
export const mcpTools: readonly McpTool[] = [
  listDatabasesTool,
  searchSchemaTool,
  describeTableTool,
  columnValuesTool,
  listMetricsTool,
  queryMetricsTool,
  listSavedQueriesTool,
  runSavedQueryTool,
  runSqlTool,
  listIssuesTool,
  listEntitiesTool,
  askAnalystTool,
];

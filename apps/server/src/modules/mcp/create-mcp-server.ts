import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AnySchema } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { McpToolContext } from './mcp-tool.ts';
import { toolAnswer, toolFailure } from './tool-answer.ts';
import { mcpTools } from './tools/index.ts';

const instructions =
  "Querent answers questions about the databases this person may use, under their organisation's rules: everything here is read-only. Start with list_databases; find tables with search_schema and describe_table; prefer query_metrics (the semantic model's defined, often certified numbers) and verified saved queries to free SQL; say what an answer stands on (a certified metric, a verified query, or SQL you wrote) and mention open data-quality issues (list_issues, list_entities) that touch it.";

/**
 * A server for one request, bound to the person asking: stateless, so any instance answers any
 * request, and no tool can reach another person's objects through a shared server.
 */
export function createMcpServer(
  context: McpToolContext & { version: string; requestId: string; log: (error: unknown) => void },
): McpServer {
  const server = new McpServer(
    { name: 'querent', title: 'Querent', version: context.version },
    { instructions },
  );
  for (const tool of mcpTools) {
    const handle: ToolCallback<AnySchema> = async (input: unknown) => {
      try {
        // The SDK has parsed `input` with this tool's own inputSchema before calling.
        return toolAnswer(await tool.run(input as never, context));
      } catch (error) {
        return toolFailure(error, context);
      }
    };
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: { title: tool.title, readOnlyHint: true, destructiveHint: false, openWorldHint: false },
      },
      handle,
    );
  }
  return server;
}

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AnySchema } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { ApiKeyScope } from '@querent/contracts';
import type { McpToolContext } from './mcp-tool.ts';
import { toolAnswer, toolFailure } from './tool-answer.ts';
import { mcpTools } from './tools/index.ts';

const instructions =
  "Querent answers questions about the databases this person may use, under their organisation's rules: everything here is read-only. Start with list_databases; find tables with search_schema and describe_table; prefer query_metrics (the semantic model's defined, often certified numbers) and verified saved queries to free SQL; say what an answer stands on (a certified metric, a verified query, or SQL you wrote) and mention open data-quality issues (list_issues, list_entities) that touch it.";

type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * `notifications/progress` for a call whose client sent a progress token: each step counted, with
 * its words. Sent on the call's own event stream (answer-mcp.ts), so a stateless server can.
 */
function progressReporter(extra: ToolExtra): (message: string) => void {
  const token = extra._meta?.progressToken;
  if (token === undefined) return () => undefined;
  let progress = 0;
  return (message) => {
    progress += 1;
    extra
      .sendNotification({
        method: 'notifications/progress',
        params: { progressToken: token, progress, message },
      })
      .catch(() => undefined);
  };
}

/** What the server says of a key's reach, so a model knows why a tool is not offered. */
function scopeNote(scopes: readonly ApiKeyScope[] | null): string {
  if (scopes === null) return '';
  return ` This connection's key has the scopes ${scopes.join(', ')}: tools needing others are not offered.`;
}

/**
 * A server for one request, bound to the person asking: stateless, so any instance answers any
 * request, and no tool can reach another person's objects through a shared server. A caller
 * through a key (`scopes` not null) is offered only the tools of its scopes: the others do not
 * exist for it, listed or called.
 */
export function createMcpServer(
  context: Omit<McpToolContext, 'progress'> & {
    version: string;
    requestId: string;
    log: (error: unknown) => void;
    /** The key's scopes; null for a person in local mode, who may use every tool. */
    scopes: readonly ApiKeyScope[] | null;
  },
): McpServer {
  const server = new McpServer(
    { name: 'querent', title: 'Querent', version: context.version },
    { instructions: instructions + scopeNote(context.scopes) },
  );
  const { scopes } = context;
  const offered = scopes === null ? mcpTools : mcpTools.filter((tool) => scopes.includes(tool.scope));
  for (const tool of offered) {
    const handle: ToolCallback<AnySchema> = async (input: unknown, extra: ToolExtra) => {
      try {
        // The SDK has parsed `input` with this tool's own inputSchema before calling.
        return toolAnswer(await tool.run(input as never, { ...context, progress: progressReporter(extra) }));
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
        annotations: {
          title: tool.title,
          readOnlyHint: tool.readOnly ?? true,
          destructiveHint: false,
          openWorldHint: false,
        },
      },
      handle,
    );
  }
  return server;
}

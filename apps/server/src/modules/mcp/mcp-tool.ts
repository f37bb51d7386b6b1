import type { ApiKeyScope } from '@querent/contracts';
import type { z } from 'zod';
import type { User } from '../users/user.ts';
import type { McpDeps } from './mcp-deps.ts';

/** What one call of a tool may use: the shared dependencies, who is asking, and when to stop. */
export interface McpToolContext {
  deps: McpDeps;
  user: User;
  /** Aborted when the client goes away: a running statement stops in the database. */
  signal: AbortSignal;
  /** Where the person opens Querent in a browser (PUBLIC_URL, or the loopback address asked). */
  appUrl: string;
  /**
   * Tells the client how a long call is going (`notifications/progress`), when it asked to be told
   * (a progress token); otherwise does nothing.
   */
  progress: (message: string) => void;
}

/**
 * One tool of the MCP server. Every tool only reads the data (most are marked `readOnlyHint`), calls
 * the use case its REST route calls, and answers an object matching `outputSchema`, which the
 * client also receives as JSON text for models that read text only.
 */
export interface McpTool<Input extends z.ZodObject = z.ZodObject, Output extends z.ZodObject = z.ZodObject> {
  name: string;
  /** What a key (or an app's grant) needs for this tool to be offered to it. */
  scope: ApiKeyScope;
  title: string;
  description: string;
  inputSchema: Input;
  outputSchema: Output;
  /**
   * Whether the tool leaves Querent as it found it (`readOnlyHint`); false for ask_analyst, which
   * keeps its conversation and spends credits, though it too only reads the data. True by default.
   */
  readOnly?: false;
  run(input: z.output<Input>, context: McpToolContext): Promise<z.output<Output>>;
}

/** Types each tool's `run` from its own schemas; the list then holds every tool alike. */
export function defineTool<Input extends z.ZodObject, Output extends z.ZodObject>(
  tool: McpTool<Input, Output>,
): McpTool {
  return tool;
}

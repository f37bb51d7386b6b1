import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';

/**
 * The official SDK's client, connected (initialised) to a running server's /mcp; `headers` go
 * with every request (a suite's test-user header, to act as another person).
 */
export async function connectMcpClient(
  baseUrl: string,
  headers: Record<string, string> = {},
): Promise<Client> {
  const client = new Client({ name: 'querent-tests', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } }),
  );
  return client;
}

/** Calls a tool that must succeed and answers its structured content. */
export async function callTool<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
  // The text content is the same answer for clients that read text only.
  const text = result.content[0];
  expect(text?.type).toBe('text');
  expect(JSON.parse(text?.type === 'text' ? text.text : 'null')).toEqual(result.structuredContent);
  return result.structuredContent as T;
}

/** Calls a tool that must fail and answers the error it reports to the model. */
export async function callFailingTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ text: string; error?: { error: string; code: string; field?: string; hint?: string } }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, JSON.stringify(result.content)).toBe(true);
  const first = result.content[0];
  const text = first?.type === 'text' ? first.text : '';
  try {
    return { text, error: JSON.parse(text) as { error: string; code: string; field?: string } };
  } catch {
    return { text };
  }
}

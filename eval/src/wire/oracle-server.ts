import type { OracleScript, OracleStep, ToolOutput } from '../oracle/oracle-step.ts';
import { oracleStep } from '../oracle/oracle-step.ts';
import type { LocalServer, WireReply } from './local-http.ts';
import { startLocalServer } from './local-http.ts';

/*
 * The oracle behind a local OpenAI-compatible server (POST /v1/chat/completions, streamed as
 * server-sent events), so record mode has a provider to record on a machine without a model or a
 * network, and replay then proves the real provider code end to end. Usage is reported as
 * characters / 4, a stand-in for the tokens a real server would count.
 */

interface ChatMessage {
  role: string;
  content?: unknown;
  tool_calls?: { id: string; function: { name: string } }[];
  tool_call_id?: string;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => {
      const text = (part as { text?: unknown } | null)?.text;
      return typeof text === 'string' ? text : '';
    })
    .join('\n');
}

function parseOutput(content: unknown): unknown {
  try {
    return JSON.parse(textOf(content));
  } catch {
    return textOf(content);
  }
}

function readMessages(messages: readonly ChatMessage[]): { question: string; since: ToolOutput[] } {
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  const names = new Map<string, string>();
  const since: ToolOutput[] = [];
  for (const message of messages.slice(lastUser + 1)) {
    for (const call of message.tool_calls ?? []) names.set(call.id, call.function.name);
    if (message.role === 'tool' && message.tool_call_id !== undefined) {
      since.push({ toolName: names.get(message.tool_call_id) ?? '', output: parseOutput(message.content) });
    }
  }
  return { question: textOf(messages[lastUser]?.content), since };
}

const chunk = (payload: Record<string, unknown>) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-oracle', object: 'chat.completion.chunk', created: 1_760_000_000, model: 'oracle', ...payload })}\n\n`;

let calls = 0;

function streamOf(step: OracleStep, promptChars: number): string {
  const delta =
    'text' in step
      ? { role: 'assistant', content: step.text }
      : {
          role: 'assistant',
          tool_calls: [
            {
              index: 0,
              id: `call_oracle_${(calls += 1)}`,
              type: 'function',
              function: { name: step.call.name, arguments: JSON.stringify(step.call.input) },
            },
          ],
        };
  const finish = 'text' in step ? 'stop' : 'tool_calls';
  const completion = Math.ceil(JSON.stringify(delta).length / 4);
  const prompt = Math.ceil(promptChars / 4);
  return [
    chunk({ choices: [{ index: 0, delta, finish_reason: null }] }),
    chunk({ choices: [{ index: 0, delta: {}, finish_reason: finish }] }),
    chunk({
      choices: [],
      usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
    }),
    'data: [DONE]\n\n',
  ].join('');
}

export function startOracleServer(current: () => OracleScript | null): Promise<LocalServer> {
  return startLocalServer((request, body): WireReply => {
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      return { status: 404, contentType: 'application/json', body: '{"error":{"message":"No such route"}}' };
    }
    const { messages } = JSON.parse(body) as { messages: ChatMessage[] };
    const { question, since } = readMessages(messages);
    return {
      status: 200,
      contentType: 'text/event-stream',
      body: streamOf(oracleStep(current(), question, since), body.length),
    };
  });
}

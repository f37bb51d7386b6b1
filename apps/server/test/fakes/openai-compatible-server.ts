import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible server (Ollama, vLLM…): POST /v1/chat/completions
 * answers each request with the next scripted reply, streamed as server-sent events the way those
 * servers do — text in pieces, tool calls with their arguments split across chunks — or with an
 * HTTP error. Every request is kept so a suite can see what the provider sent.
 */

export type FakeReply =
  | {
      text?: string;
      toolCalls?: { name: string; arguments: Record<string, unknown> | string }[];
      /** The finish_reason sent; by default tool_calls or stop. */
      finish?: string;
    }
  | { status: number; body: unknown }
  | { hang: true };

export interface ChatCompletionRequest {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content?: unknown; tool_calls?: unknown[]; tool_call_id?: string }[];
    tools?: { type: string; function: { name: string; description?: string; parameters: unknown } }[];
  };
}

export interface FakeOpenAiServer {
  baseUrl: string;
  requests: ChatCompletionRequest[];
  /** Replies for the coming requests, in order. */
  script(replies: (FakeReply | ((request: ChatCompletionRequest) => FakeReply))[]): void;
  close(): Promise<void>;
}

function chunk(id: string, delta: Record<string, unknown>, finish: string | null = null): string {
  const payload = {
    id,
    object: 'chat.completion.chunk',
    created: 1_760_000_000,
    model: 'fake-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(payload)}\n\n`;
}

function pieces(text: string, size: number): string[] {
  return text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
}

function streamReply(
  response: ServerResponse,
  reply: Extract<FakeReply, { text?: string }>,
  id: string,
): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.write(chunk(id, { role: 'assistant', content: '' }));
  for (const piece of pieces(reply.text ?? '', 7)) response.write(chunk(id, { content: piece }));
  (reply.toolCalls ?? []).forEach((call, index) => {
    const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
    response.write(
      chunk(id, {
        tool_calls: [
          {
            index,
            id: `call_${id}_${index}`,
            type: 'function',
            function: { name: call.name, arguments: '' },
          },
        ],
      }),
    );
    for (const piece of pieces(args, 9)) {
      response.write(chunk(id, { tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  response.write(chunk(id, {}, reply.finish ?? (reply.toolCalls?.length ? 'tool_calls' : 'stop')));
  response.write(
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1_760_000_000, model: 'fake-model', choices: [], usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 } })}\n\n`,
  );
  response.write('data: [DONE]\n\n');
  response.end();
}

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const requests: ChatCompletionRequest[] = [];
  let queue: (FakeReply | ((request: ChatCompletionRequest) => FakeReply))[] = [];
  let counter = 0;
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (data: Buffer) => {
      raw += data.toString('utf8');
    });
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: `No route ${request.method} ${request.url}` } }));
        return;
      }
      const entry: ChatCompletionRequest = {
        headers: request.headers,
        body: JSON.parse(raw) as ChatCompletionRequest['body'],
      };
      requests.push(entry);
      const next = queue.shift() ?? { text: '(end of script)' };
      const reply = typeof next === 'function' ? next(entry) : next;
      counter += 1;
      if ('hang' in reply) return;
      if ('status' in reply) {
        response.writeHead(reply.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(reply.body));
        return;
      }
      streamReply(response, reply, `chatcmpl-${counter}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script(replies) {
      queue = [...replies];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

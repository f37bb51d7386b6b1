import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';

/*
 * The built-in offline analyst: a language model of our own behind the same interface as the
 * providers', driving the same tools through the same loop, with no network. This first version
 * lists the tables through search_schema and says how to configure a real model; it is the slot
 * where the full offline analyst (counts, top N, totals by a dimension…) plugs in.
 */

const usage: LanguageModelV4Usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

const HOW_TO_CONFIGURE =
  'To get real answers, configure a model and restart Querent: `OPENAI_API_KEY=…` (OpenAI), `ANTHROPIC_API_KEY=…` (Anthropic), or `LLM_BASE_URL=http://localhost:11434/v1 LLM_MODEL=llama3.1` for a local OpenAI-compatible server such as Ollama.';

interface TableCard {
  table?: unknown;
  rowEstimate?: unknown;
  description?: unknown;
}

/** The tool results the prompt holds since the user's last message. */
function resultsSinceLastQuestion(prompt: LanguageModelV4Prompt): Map<string, unknown> {
  const lastUser = prompt.findLastIndex((message) => message.role === 'user');
  const results = new Map<string, unknown>();
  for (const message of prompt.slice(lastUser + 1)) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      results.set(part.toolName, part.output.type === 'json' ? part.output.value : null);
    }
  }
  return results;
}

function listTables(result: unknown): string {
  const tables = (result as { tables?: TableCard[] } | null)?.tables ?? [];
  if (tables.length === 0) return 'I could not find any table in this database.';
  const lines = tables.map((card) => {
    const rows =
      typeof card.rowEstimate === 'number' ? ` (~${card.rowEstimate.toLocaleString('en-US')} rows)` : '';
    const description = typeof card.description === 'string' ? ` — ${card.description}` : '';
    return `- \`${String(card.table)}\`${rows}${description}`;
  });
  return `This database has these tables:\n\n${lines.join('\n')}`;
}

/** One step of the offline analyst: look up the tables first, then answer from them. */
function respond(options: LanguageModelV4CallOptions): LanguageModelV4Content[] {
  const results = resultsSinceLastQuestion(options.prompt);
  const canSearch = options.tools?.some((entry) => entry.name === 'search_schema') ?? false;
  if (!results.has('search_schema') && canSearch) {
    return [
      {
        type: 'tool-call',
        toolCallId: `offline-${Date.now().toString(36)}`,
        toolName: 'search_schema',
        input: JSON.stringify({ query: '', limit: 50 }),
      },
    ];
  }
  const text = [
    "I'm Querent's **offline analyst**: no language model is configured, so I can only do simple things by myself.",
    listTables(results.get('search_schema') ?? null),
    HOW_TO_CONFIGURE,
  ].join('\n\n');
  return [{ type: 'text', text }];
}

function toStreamParts(content: LanguageModelV4Content[]): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  content.forEach((item, index) => {
    if (item.type === 'text') {
      const id = `text-${index}`;
      parts.push({ type: 'text-start', id });
      // Paragraph by paragraph, so the chat streams the offline answer like any other.
      for (const piece of item.text.split(/(?<=\n\n)/)) parts.push({ type: 'text-delta', id, delta: piece });
      parts.push({ type: 'text-end', id });
    } else {
      parts.push(item as LanguageModelV4StreamPart);
    }
  });
  const calls = content.some((item) => item.type === 'tool-call');
  parts.push({
    type: 'finish',
    usage,
    finishReason: { unified: calls ? 'tool-calls' : 'stop', raw: undefined },
  });
  return parts;
}

export function createOfflineModel(): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'querent',
    modelId: 'offline-analyst',
    supportedUrls: {},
    doGenerate(options) {
      const content = respond(options);
      const calls = content.some((item) => item.type === 'tool-call');
      return Promise.resolve({
        content,
        finishReason: { unified: calls ? 'tool-calls' : 'stop', raw: undefined },
        usage,
        warnings: [],
      });
    },
    doStream(options) {
      const parts = toStreamParts(respond(options));
      return Promise.resolve({
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      });
    },
  };
}

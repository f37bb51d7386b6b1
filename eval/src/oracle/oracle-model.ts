import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import type { OracleScript, OracleStep, ToolOutput } from './oracle-step.ts';
import { oracleStep } from './oracle-step.ts';

/** The oracle as a language model in this process, reading the request as any model would. */

const usage: LanguageModelV4Usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

function readRequest(options: LanguageModelV4CallOptions): { question: string; since: ToolOutput[] } {
  const { prompt } = options;
  const lastUser = prompt.findLastIndex((message) => message.role === 'user');
  const user = prompt[lastUser];
  const texts = user?.role === 'user' ? user.content.filter((part) => part.type === 'text') : [];
  const since: ToolOutput[] = [];
  for (const message of prompt.slice(lastUser + 1)) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      since.push({ toolName: part.toolName, output: 'value' in part.output ? part.output.value : null });
    }
  }
  return { question: texts.at(-1)?.text ?? '', since };
}

let calls = 0;

function partsOf(step: OracleStep): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  if ('text' in step) {
    parts.push({ type: 'text-start', id: 'oracle' });
    parts.push({ type: 'text-delta', id: 'oracle', delta: step.text });
    parts.push({ type: 'text-end', id: 'oracle' });
  } else {
    calls += 1;
    parts.push({
      type: 'tool-call',
      toolCallId: `oracle-${calls}`,
      toolName: step.call.name,
      input: JSON.stringify(step.call.input),
    });
  }
  const reason = 'text' in step ? 'stop' : 'tool-calls';
  parts.push({ type: 'finish', usage, finishReason: { unified: reason, raw: reason } });
  return parts;
}

/** A model playing `current()`'s script: the runner points it at each case before asking. */
export function createOracleModel(current: () => OracleScript | null): LanguageModelV4 {
  const stream = (options: LanguageModelV4CallOptions) => {
    const { question, since } = readRequest(options);
    const parts = partsOf(oracleStep(current(), question, since));
    return new ReadableStream<LanguageModelV4StreamPart>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });
  };
  return {
    specificationVersion: 'v4',
    provider: 'querent-eval',
    modelId: 'oracle',
    supportedUrls: {},
    doGenerate() {
      return Promise.reject(new Error('The oracle only streams, as the agent loop calls it.'));
    },
    doStream: (options) => Promise.resolve({ stream: stream(options) }),
  };
}

import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
  SharedV4ProviderMetadata,
} from '@ai-sdk/provider';
import { readState } from './offline/conversation-state.ts';
import { offlineStep } from './offline/offline-step.ts';
import { readRelativePeriods, withPeriodsRead } from './offline/relative-periods.ts';

/*
 * The built-in offline analyst: a language model of our own behind the same interface as the
 * providers', driving the same tools through the same loop, with no network. Each call reads the
 * question and the tool results in the request and decides the next step deterministically (see
 * offline/offline-step.ts): list and search the schema, describe tables, look values up, run the
 * SQL it built for the engine's dialect, then answer with the figure, the query and its result.
 * Its answer declares whether it answered, declined or asked (`querent.outcome` in the provider
 * metadata), so an evaluation need not guess from the text.
 */

const usage: LanguageModelV4Usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

function respond(options: LanguageModelV4CallOptions): LanguageModelV4Content[] {
  const state = readState(options);
  // "Last month" and the like are read as the periods they are today, before anything else reads
  // the question; the answer then says how they were read.
  const reading = readRelativePeriods(state.question, state.today);
  const earlier = state.earlier.map((question) => readRelativePeriods(question, state.today).text);
  return withPeriodsRead(offlineStep({ ...state, question: reading.text, earlier }), reading.periods);
}

/** The outcome the answer declares (answer, refusal, clarification), passed on with the finish. */
function metadataOf(content: readonly LanguageModelV4Content[]): SharedV4ProviderMetadata | undefined {
  return content.find((item) => item.type === 'text' && item.providerMetadata !== undefined)
    ?.providerMetadata;
}

function finishOf(content: readonly LanguageModelV4Content[]): LanguageModelV4FinishReason {
  const calls = content.some((item) => item.type === 'tool-call');
  return { unified: calls ? 'tool-calls' : 'stop', raw: undefined };
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
    } else if (item.type === 'tool-call') {
      parts.push(item);
    }
  });
  const providerMetadata = metadataOf(content);
  parts.push({
    type: 'finish',
    usage,
    finishReason: finishOf(content),
    ...(providerMetadata ? { providerMetadata } : {}),
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
      const providerMetadata = metadataOf(content);
      return Promise.resolve({
        content,
        finishReason: finishOf(content),
        usage,
        warnings: [],
        ...(providerMetadata ? { providerMetadata } : {}),
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

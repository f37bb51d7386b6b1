import type { LanguageModelV4, LanguageModelV4StreamPart, SharedV4ProviderMetadata } from '@ai-sdk/provider';

/*
 * The model the server calls, seen from the harness: each call's token usage as the provider
 * reported it, and the outcome the model itself declared, when it declares one. Querent's offline
 * analyst does, in its answer's provider metadata (`querent.outcome`: answer, refusal or
 * clarification); other models are read from their answer alone.
 */

export type DeclaredOutcome = 'answer' | 'refusal' | 'clarification';

export interface MeteredCall {
  inputTokens: number | null;
  outputTokens: number | null;
  declared: DeclaredOutcome | null;
}

export interface Meter {
  calls: MeteredCall[];
  reset(): void;
}

function declaredOutcome(metadata: SharedV4ProviderMetadata | undefined): DeclaredOutcome | null {
  const outcome = metadata?.querent?.outcome;
  return outcome === 'answer' || outcome === 'refusal' || outcome === 'clarification' ? outcome : null;
}

function record(meter: Meter, part: Extract<LanguageModelV4StreamPart, { type: 'finish' }>): void {
  meter.calls.push({
    inputTokens: part.usage.inputTokens.total ?? null,
    outputTokens: part.usage.outputTokens.total ?? null,
    declared: declaredOutcome(part.providerMetadata),
  });
}

/** The same model, reporting each call to `meter`. */
export function meterModel(model: LanguageModelV4): { model: LanguageModelV4; meter: Meter } {
  const meter: Meter = {
    calls: [],
    reset() {
      meter.calls = [];
    },
  };
  const metered: LanguageModelV4 = {
    specificationVersion: model.specificationVersion,
    provider: model.provider,
    modelId: model.modelId,
    supportedUrls: model.supportedUrls,
    async doGenerate(options) {
      const result = await model.doGenerate(options);
      meter.calls.push({
        inputTokens: result.usage.inputTokens.total ?? null,
        outputTokens: result.usage.outputTokens.total ?? null,
        declared: declaredOutcome(result.providerMetadata),
      });
      return result;
    },
    async doStream(options) {
      const result = await model.doStream(options);
      const watch = new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
        transform(part, controller) {
          if (part.type === 'finish') record(meter, part);
          controller.enqueue(part);
        },
      });
      return { ...result, stream: result.stream.pipeThrough(watch) };
    },
  };
  return { model: metered, meter };
}

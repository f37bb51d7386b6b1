import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { FinishReason, ModelMessage, ProviderMetadata, ToolSet } from 'ai';
import { streamText } from 'ai';
import type { LlmConfig } from '../config/settings/llm.ts';
import { LlmTimeoutError } from '../llm/llm-errors.ts';
import type { ModelUsage } from './agent-port.ts';
import type { AnswerWriter } from './answer-writer.ts';
import type { ProviderRequest } from './provider-request.ts';
import { shapeForProvider } from './provider-request.ts';
import type { KeptReasoning } from './kept-reasoning.ts';

export interface StepToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
  /** The model's input could not be read or names no tool; `error` says why. */
  invalid: boolean;
  error: unknown;
}

/** What one model call produced: its tool calls, why it stopped, and the input it was billed for. */
export interface StepOutcome {
  calls: StepToolCall[];
  finishReason: FinishReason | null;
  /** The provider's own word for why it stopped (finish_reason, stop_reason). */
  rawFinishReason: string | null;
  /** Input tokens the provider reported, cached ones included; null when it reports none. */
  inputTokens: number | null;
  /** The model's reasoning, as the provider handed it back, for the next step to carry. */
  reasoning: KeptReasoning[];
}

export interface StepInput {
  model: LanguageModelV4;
  llm: LlmConfig;
  instructions: string;
  messages: ModelMessage[];
  tools: ToolSet;
  /** 'none' on the last allowed step, so the model has to answer. */
  toolChoice: 'auto' | 'none';
  signal: AbortSignal;
  writer: AnswerWriter;
  /** Told the call's real token usage when it finishes. */
  onUsage?: (usage: ModelUsage) => void;
}

/**
 * One model call: its text streams to the chat as it comes, its tool calls are returned for the
 * loop to run. A provider failure is thrown once the text so far is stored; a stop is thrown as
 * the turn's abort reason; silence longer than LLM_TIMEOUT_MS as LlmTimeoutError.
 */
export async function runModelStep(input: StepInput): Promise<StepOutcome> {
  const request: ProviderRequest = shapeForProvider(input.llm, {
    instructions: input.instructions,
    messages: input.messages,
    tools: input.tools,
  });
  const result = streamText({
    model: input.model,
    instructions: request.instructions,
    messages: request.messages,
    tools: request.tools,
    ...(request.providerOptions ? { providerOptions: request.providerOptions } : {}),
    toolChoice: input.toolChoice,
    abortSignal: input.signal,
    maxRetries: input.llm.maxRetries,
    timeout: { firstChunkMs: input.llm.timeoutMs, chunkMs: input.llm.timeoutMs },
    // Errors are read from the stream below and end the turn with a message; the SDK's default
    // would also print each one to the console.
    onError: () => undefined,
  });
  const calls: StepToolCall[] = [];
  let finishReason: FinishReason | null = null;
  let rawFinishReason: string | null = null;
  let inputTokens: number | null = null;
  const reasoning = new Map<string, KeptReasoning>();
  let failure: unknown = null;
  let aborted = false;
  try {
    for await (const part of result.stream) {
      switch (part.type) {
        case 'text-delta':
          await input.writer.write(part.id, part.text);
          break;
        case 'text-end':
          await input.writer.finish(part.id);
          break;
        case 'tool-call':
          calls.push({
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            input: part.input,
            invalid: part.invalid === true,
            error: part.error,
          });
          break;
        case 'reasoning-start':
          reasoning.set(part.id, { text: '', providerMetadata: part.providerMetadata ?? null });
          break;
        case 'reasoning-delta': {
          const kept = reasoning.get(part.id);
          if (kept) kept.text += part.text;
          break;
        }
        case 'reasoning-end': {
          // The end carries the final metadata (OpenAI's encrypted reasoning comes with it).
          const kept = reasoning.get(part.id);
          if (kept && part.providerMetadata)
            kept.providerMetadata = mergeMetadata(kept.providerMetadata, part.providerMetadata);
          break;
        }
        case 'finish-step':
          finishReason = part.finishReason;
          rawFinishReason = part.rawFinishReason ?? null;
          inputTokens = part.usage.inputTokens ?? null;
          input.onUsage?.({
            modelId: part.response.modelId,
            inputTokens: part.usage.inputTokens ?? 0,
            outputTokens: part.usage.outputTokens ?? 0,
          });
          break;
        case 'error':
          failure ??= part.error;
          break;
        case 'abort':
          aborted = true;
          break;
        default:
          break;
      }
    }
  } catch (error) {
    failure ??= error;
  } finally {
    await input.writer.finishAll();
  }
  input.signal.throwIfAborted();
  if (failure !== null) throw failure instanceof Error ? failure : new Error(JSON.stringify(failure));
  // Aborted without our signal: the SDK's own timeout (firstChunkMs / chunkMs) fired.
  if (aborted) throw new LlmTimeoutError(input.llm.timeoutMs);
  return { calls, finishReason, rawFinishReason, inputTokens, reasoning: [...reasoning.values()] };
}

function mergeMetadata(before: ProviderMetadata | null, after: ProviderMetadata): ProviderMetadata {
  const merged: ProviderMetadata = { ...(before ?? {}) };
  for (const [provider, values] of Object.entries(after)) {
    const kept = Object.fromEntries(
      Object.entries(values).filter(([, value]) => value !== null && value !== undefined),
    );
    merged[provider] = { ...(merged[provider] ?? {}), ...kept };
  }
  return merged;
}

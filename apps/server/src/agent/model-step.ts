import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { ModelMessage, ToolSet } from 'ai';
import { streamText } from 'ai';
import type { LlmConfig } from '../config/settings/llm.ts';
import { LlmTimeoutError } from '../llm/llm-errors.ts';
import type { ModelUsage } from './agent-port.ts';
import type { AnswerWriter } from './answer-writer.ts';

export interface StepToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
  /** The model's input could not be read or names no tool; `error` says why. */
  invalid: boolean;
  error: unknown;
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
export async function runModelStep(input: StepInput): Promise<StepToolCall[]> {
  const result = streamText({
    model: input.model,
    instructions: input.instructions,
    messages: input.messages,
    tools: input.tools,
    toolChoice: input.toolChoice,
    abortSignal: input.signal,
    maxRetries: input.llm.maxRetries,
    timeout: { firstChunkMs: input.llm.timeoutMs, chunkMs: input.llm.timeoutMs },
    // Errors are read from the stream below and end the turn with a message; the SDK's default
    // would also print each one to the console.
    onError: () => undefined,
  });
  const calls: StepToolCall[] = [];
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
        case 'error':
          failure ??= part.error;
          break;
        case 'finish-step':
          input.onUsage?.({
            modelId: part.response.modelId,
            inputTokens: part.usage.inputTokens ?? 0,
            outputTokens: part.usage.outputTokens ?? 0,
          });
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
  return calls;
}

import type { SharedV4ProviderOptions } from '@ai-sdk/provider';
import type { Instructions, ModelMessage, ToolSet } from 'ai';
import type { LlmConfig } from '../config/settings/llm.ts';

/** What one model call sends, shaped for the provider that receives it. */
export interface ProviderRequest {
  instructions: Instructions;
  messages: ModelMessage[];
  tools: ToolSet;
  providerOptions?: SharedV4ProviderOptions;
}

const ephemeral = { anthropic: { cacheControl: { type: 'ephemeral' } } } satisfies SharedV4ProviderOptions;

/**
 * Anthropic caches a prompt up to each marked block. The instructions and the tools are the same
 * for every step of every turn about a database, and each step repeats the conversation so far:
 * marking the system prompt, the last tool and the last message lets the next step read all of
 * it from the cache (three of the four marks Anthropic allows).
 */
function withAnthropicCaching(request: ProviderRequest): ProviderRequest {
  const names = Object.keys(request.tools);
  const lastName = names.at(-1);
  const tools: ToolSet = { ...request.tools };
  const lastTool = lastName === undefined ? undefined : tools[lastName];
  if (lastName !== undefined && lastTool !== undefined) {
    tools[lastName] = { ...lastTool, providerOptions: ephemeral };
  }
  const messages = [...request.messages];
  const last = messages.at(-1);
  if (last !== undefined) messages[messages.length - 1] = { ...last, providerOptions: ephemeral };
  const text = typeof request.instructions === 'string' ? request.instructions : null;
  return {
    ...request,
    instructions:
      text === null ? request.instructions : { role: 'system', content: text, providerOptions: ephemeral },
    messages,
    tools,
  };
}

/**
 * OpenAI's Responses API keeps nothing (store: false, so no data is retained); for a reasoning
 * model the SDK then asks for the reasoning encrypted (include reasoning.encrypted_content), for
 * the loop to send with the next step, so the model carries on from its own thinking instead of
 * starting over after every tool call. The SDK knows which models reason: asking a model that
 * does not (gpt-4.1, gpt-4o) for encrypted reasoning is refused with an HTTP 400, and a reasoning
 * effort is left out for it too.
 */
function openaiOptions(llm: LlmConfig): SharedV4ProviderOptions | undefined {
  const effort = llm.reasoningEffort === null ? {} : { reasoningEffort: llm.reasoningEffort };
  if (llm.openaiApi === 'chat') return llm.reasoningEffort === null ? undefined : { openai: effort };
  return { openai: { store: false, ...effort } };
}

/** The request as the configured provider reads it best; other providers get it unchanged. */
export function shapeForProvider(llm: LlmConfig, request: ProviderRequest): ProviderRequest {
  if (llm.provider === 'anthropic') return withAnthropicCaching(request);
  if (llm.provider === 'openai') {
    const providerOptions = openaiOptions(llm);
    return providerOptions === undefined ? request : { ...request, providerOptions };
  }
  return request;
}

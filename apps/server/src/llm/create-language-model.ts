import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { LlmConfig } from './llm-env.ts';
import { createOfflineModel } from './offline-model.ts';

/**
 * The model the configuration names. Every provider gives the same LanguageModelV4, so the agent
 * has one loop for all of them; OpenAI goes through the Chat Completions API (`.chat`), which
 * every OpenAI-compatible server speaks too.
 */
export function createLanguageModel(config: LlmConfig): LanguageModelV4 {
  const baseURL = config.baseUrl ?? undefined;
  const apiKey = config.apiKey ?? undefined;
  switch (config.provider) {
    case 'openai':
      return createOpenAI({ apiKey, baseURL }).chat(config.model);
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL }).messages(config.model);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseUrl ?? '',
        ...(apiKey === undefined ? {} : { apiKey }),
        includeUsage: true,
      }).chatModel(config.model);
    case 'offline':
      return createOfflineModel();
  }
}

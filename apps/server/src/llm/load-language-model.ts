import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { LlmConfig } from '../config/settings/llm.ts';

/**
 * The model the configuration names. Every provider gives the same LanguageModelV4, so the agent
 * has one loop for all of them. OpenAI goes through its Responses API, where reasoning models keep
 * their reasoning between steps and caching works best (LLM_OPENAI_API=chat for a proxy that only
 * speaks Chat Completions); OpenAI-compatible servers (Ollama, vLLM, LM Studio) through Chat
 * Completions, which they all speak. Only the configured provider's SDK is imported, and
 * only when the first turn needs the model: loading them all used to slow every start.
 */
export async function loadLanguageModel(config: LlmConfig): Promise<LanguageModelV4> {
  const baseURL = config.baseUrl ?? undefined;
  const apiKey = config.apiKey ?? undefined;
  switch (config.provider) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      const openai = createOpenAI({ apiKey, baseURL });
      return config.openaiApi === 'chat' ? openai.chat(config.model) : openai.responses(config.model);
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ apiKey, baseURL }).messages(config.model);
    }
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseUrl ?? '',
        ...(apiKey === undefined ? {} : { apiKey }),
        includeUsage: true,
      }).chatModel(config.model);
    }
    case 'offline': {
      const { createOfflineModel } = await import('./offline-model.ts');
      return createOfflineModel();
    }
  }
}

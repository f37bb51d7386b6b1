import { integer, oneOf, optionalInteger, secret, text, url } from '../setting.ts';
import { defineSettings, type SettingValues } from '../setting-group.ts';

/* Who answers in conversations (a provider and its model, or the built-in offline analyst) and the analyst's limits. */

export const llmProviders = ['openai', 'anthropic', 'openai-compatible', 'offline'] as const;
export type LlmProvider = (typeof llmProviders)[number];

export const defaultModels: Record<Exclude<LlmProvider, 'openai-compatible'>, string> = {
  openai: 'gpt-5-mini',
  anthropic: 'claude-sonnet-4-5',
  offline: 'offline-analyst',
};

/**
 * Context windows when LLM_CONTEXT_TOKENS is unset. A local server is given a small one: Ollama
 * runs models with a window of a few thousand tokens unless told otherwise, and cuts longer
 * prompts without an error, so a larger budget would lose the start of every request.
 */
export const defaultContextTokens: Record<LlmProvider, number> = {
  openai: 128_000,
  anthropic: 200_000,
  'openai-compatible': 8192,
  offline: 100_000,
};

export const reasoningEfforts = ['minimal', 'low', 'medium', 'high'] as const;
export const openaiApis = ['responses', 'chat'] as const;

const settings = {
  provider: oneOf({
    name: 'LLM_PROVIDER',
    values: llmProviders,
    shownDefault: '(auto)',
    description: `Who answers in conversations: ${llmProviders.join(', ')}. Unset: openai-compatible when LLM_BASE_URL is set, else openai with LLM_API_KEY or OPENAI_API_KEY, else anthropic with ANTHROPIC_API_KEY, else the built-in offline analyst.`,
  }),
  model: text({
    name: 'LLM_MODEL',
    shownDefault: '(per provider)',
    description: `Model name. Defaults: openai ${defaultModels.openai}, anthropic ${defaultModels.anthropic}; required for openai-compatible (e.g. llama3.1 on Ollama).`,
  }),
  apiKey: secret(
    text({
      name: 'LLM_API_KEY',
      description: 'API key of the provider; takes precedence over OPENAI_API_KEY and ANTHROPIC_API_KEY.',
    }),
  ),
  openaiApiKey: secret(
    text({ name: 'OPENAI_API_KEY', description: 'OpenAI API key, when LLM_API_KEY is unset.' }),
  ),
  anthropicApiKey: secret(
    text({ name: 'ANTHROPIC_API_KEY', description: 'Anthropic API key, when LLM_API_KEY is unset.' }),
  ),
  baseUrl: url({
    name: 'LLM_BASE_URL',
    protocols: ['http:', 'https:'],
    message: 'must be an http:// or https:// URL',
    description:
      'API address of an OpenAI-compatible server: Ollama http://localhost:11434/v1, vLLM http://host:8000/v1, LM Studio http://localhost:1234/v1. Also overrides the OpenAI or Anthropic address (a proxy).',
  }),
  timeoutMs: integer({
    name: 'LLM_TIMEOUT_MS',
    min: 1000,
    max: 30 * 60 * 1000,
    default: 60000,
    description:
      'Longest wait, in milliseconds, for the model to start answering and between two pieces of its answer; past it the turn ends with an error.',
  }),
  maxRetries: integer({
    name: 'LLM_MAX_RETRIES',
    min: 0,
    max: 10,
    default: 2,
    description: 'Retries, with backoff, of a model call that failed for a passing reason (rate limit, 5xx).',
  }),
  contextTokens: optionalInteger({
    name: 'LLM_CONTEXT_TOKENS',
    min: 2048,
    max: 10_000_000,
    shownDefault: '(per provider)',
    description: `The model's context window in tokens (2048 to 10000000). Previews, table descriptions, memory and the schema summary are sized from it and older tool results trimmed so a request stays under it. Defaults: openai ${defaultContextTokens.openai}, anthropic ${defaultContextTokens.anthropic}, openai-compatible ${defaultContextTokens['openai-compatible']} (raise it together with the server's own limit, e.g. Ollama's num_ctx).`,
  }),
  reasoningEffort: oneOf({
    name: 'LLM_REASONING_EFFORT',
    values: reasoningEfforts,
    shownDefault: '(the model’s)',
    description: `How hard an OpenAI reasoning model thinks before answering: ${reasoningEfforts.join(', ')}. More effort is slower and costs more tokens.`,
  }),
  openaiApi: oneOf({
    name: 'LLM_OPENAI_API',
    values: openaiApis,
    default: 'responses',
    description:
      'Which OpenAI API the openai provider uses: responses (reasoning kept between steps, better caching) or chat (Chat Completions, for proxies that only speak it).',
  }),
  maxSteps: integer({
    name: 'AGENT_MAX_STEPS',
    min: 1,
    max: 200,
    default: 25,
    description: 'Most model calls the analyst makes to answer one question before it stops and says so.',
  }),
};

type LlmValues = SettingValues<typeof settings>;

// Unset LLM_PROVIDER: whichever provider the other variables point to, else the offline analyst.
function chooseProvider(values: LlmValues): LlmProvider {
  if (values.provider !== null) return values.provider;
  if (values.baseUrl !== null) return 'openai-compatible';
  if (values.apiKey !== null || values.openaiApiKey !== null) return 'openai';
  if (values.anthropicApiKey !== null) return 'anthropic';
  return 'offline';
}

/** Combines the variables into one provider choice, reporting what that provider is missing. */
export const llmSettings = defineSettings(settings, (values, { report }) => {
  const provider = chooseProvider(values);
  const providerKey =
    provider === 'openai' ? values.openaiApiKey : provider === 'anthropic' ? values.anthropicApiKey : null;
  const apiKey = provider === 'offline' ? null : (values.apiKey ?? providerKey);
  if ((provider === 'openai' || provider === 'anthropic') && apiKey === null) {
    const named = provider === 'openai' ? 'OPENAI_API_KEY' : 'ANTHROPIC_API_KEY';
    report(`LLM_API_KEY (or ${named}) is required when LLM_PROVIDER is ${provider}`);
  }
  if (provider === 'openai-compatible' && values.baseUrl === null) {
    report(
      'LLM_BASE_URL is required when LLM_PROVIDER is openai-compatible (e.g. http://localhost:11434/v1)',
    );
  }
  if (provider === 'openai-compatible' && values.model === null) {
    report(
      'LLM_MODEL is required when LLM_PROVIDER is openai-compatible (the name the server knows the model by)',
    );
  }
  const model =
    provider === 'openai-compatible' ? (values.model ?? '') : (values.model ?? defaultModels[provider]);
  return {
    llm: {
      provider,
      model: provider === 'offline' ? defaultModels.offline : model,
      /** Null for offline and for servers that need none (Ollama). */
      apiKey,
      /** Null: the provider's own API address. */
      baseUrl: provider === 'offline' ? null : values.baseUrl,
      /** Longest wait for the model to start answering, and between two pieces of an answer. */
      timeoutMs: values.timeoutMs,
      /** Retries of a failed call the provider calls retryable (rate limits, 5xx), with backoff. */
      maxRetries: values.maxRetries,
      /** The model's context window; requests are compacted to stay under it. */
      contextTokens: values.contextTokens ?? defaultContextTokens[provider],
      /** OpenAI reasoning effort; null leaves the model's default. */
      reasoningEffort: values.reasoningEffort,
      /** The OpenAI API the openai provider speaks. */
      openaiApi: values.openaiApi,
    },
    agent: {
      /** Most model calls in one turn. */
      maxSteps: values.maxSteps,
    },
  };
});

export type LlmConfig = ReturnType<typeof llmSettings.derive>['llm'];
export type AgentConfig = ReturnType<typeof llmSettings.derive>['agent'];

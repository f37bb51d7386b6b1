import { z } from 'zod';

/*
 * The LLM and agent part of the configuration: variables, their documentation, and how they
 * combine into one provider choice. env.ts reads the environment and merges these in.
 */

export const llmProviders = ['openai', 'anthropic', 'openai-compatible', 'offline'] as const;
export type LlmProvider = (typeof llmProviders)[number];

export interface LlmConfig {
  provider: LlmProvider;
  model: string;
  /** Null for offline and for servers that need none (Ollama). */
  apiKey: string | null;
  /** Null: the provider's own API address. */
  baseUrl: string | null;
  /** Longest wait for the model to start answering, and between two pieces of an answer. */
  timeoutMs: number;
  /** Retries of a failed call the provider calls retryable (rate limits, 5xx), with backoff. */
  maxRetries: number;
  /** The model's context window; requests are compacted to stay under it. */
  contextTokens: number;
}

export interface AgentConfig {
  /** Most model calls in one turn. */
  maxSteps: number;
}

export const defaultModels: Record<Exclude<LlmProvider, 'openai-compatible'>, string> = {
  openai: 'gpt-5-mini',
  anthropic: 'claude-sonnet-4-5',
  offline: 'offline-analyst',
};

export const llmConfigDocs = [
  {
    name: 'LLM_PROVIDER',
    default: '(auto)',
    description: `Who answers in conversations: ${llmProviders.join(', ')}. Unset: openai with OPENAI_API_KEY (or LLM_API_KEY), anthropic with ANTHROPIC_API_KEY, openai-compatible with LLM_BASE_URL, otherwise the built-in offline analyst.`,
  },
  {
    name: 'LLM_MODEL',
    default: '(per provider)',
    description: `Model name. Defaults: openai ${defaultModels.openai}, anthropic ${defaultModels.anthropic}; required for openai-compatible (e.g. llama3.1 on Ollama).`,
  },
  {
    name: 'LLM_API_KEY',
    default: '(unset)',
    description: 'API key of the provider; takes precedence over OPENAI_API_KEY and ANTHROPIC_API_KEY.',
  },
  { name: 'OPENAI_API_KEY', default: '(unset)', description: 'OpenAI API key, when LLM_API_KEY is unset.' },
  {
    name: 'ANTHROPIC_API_KEY',
    default: '(unset)',
    description: 'Anthropic API key, when LLM_API_KEY is unset.',
  },
  {
    name: 'LLM_BASE_URL',
    default: '(unset)',
    description:
      'API address of an OpenAI-compatible server: Ollama http://localhost:11434/v1, vLLM http://host:8000/v1, LM Studio http://localhost:1234/v1. Also overrides the OpenAI or Anthropic address (a proxy).',
  },
  {
    name: 'LLM_TIMEOUT_MS',
    default: '60000',
    description:
      'Longest wait, in milliseconds, for the model to start answering and between two pieces of its answer; past it the turn ends with an error.',
  },
  {
    name: 'LLM_MAX_RETRIES',
    default: '2',
    description: 'Retries, with backoff, of a model call that failed for a passing reason (rate limit, 5xx).',
  },
  {
    name: 'LLM_CONTEXT_TOKENS',
    default: '100000',
    description:
      "The model's context window in tokens. Older tool results are trimmed so a request stays under it; lower it for small local models (e.g. 8192).",
  },
  {
    name: 'AGENT_MAX_STEPS',
    default: '25',
    description: 'Most model calls the analyst makes to answer one question before it stops and says so.',
  },
] as const;

// An empty variable means "unset", as in env.ts.
const text = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().optional(),
  );

function whole(min: number, max: number, fallback: number) {
  return text().transform((value, ctx) => {
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || parsed < min || parsed > max) {
      ctx.addIssue({ code: 'custom', message: `must be an integer between ${min} and ${max}` });
      return z.NEVER;
    }
    return parsed;
  });
}

export const llmEnvShape = {
  LLM_PROVIDER: text().refine(
    (value) => value === undefined || (llmProviders as readonly string[]).includes(value),
    `must be one of ${llmProviders.join(', ')}`,
  ),
  LLM_MODEL: text(),
  LLM_API_KEY: text(),
  OPENAI_API_KEY: text(),
  ANTHROPIC_API_KEY: text(),
  LLM_BASE_URL: text().refine((value) => {
    if (value === undefined) return true;
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// URL'),
  LLM_TIMEOUT_MS: whole(1000, 30 * 60 * 1000, 60000),
  LLM_MAX_RETRIES: whole(0, 10, 2),
  LLM_CONTEXT_TOKENS: whole(2048, 10_000_000, 100000),
  AGENT_MAX_STEPS: whole(1, 200, 25),
};

export type LlmEnv = z.output<z.ZodObject<typeof llmEnvShape>>;

/** Variables whose whole value is a secret: never printed, even in part. */
export const llmSecretVariables = ['LLM_API_KEY', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY'] as const;

function chooseProvider(env: LlmEnv): LlmProvider {
  if (env.LLM_PROVIDER !== undefined) return env.LLM_PROVIDER as LlmProvider;
  if (env.LLM_BASE_URL !== undefined) return 'openai-compatible';
  if (env.LLM_API_KEY !== undefined || env.OPENAI_API_KEY !== undefined) return 'openai';
  if (env.ANTHROPIC_API_KEY !== undefined) return 'anthropic';
  return 'offline';
}

/**
 * Combines the variables into one choice, or names what is missing. Problems are returned, not
 * thrown, so env.ts reports them with every other bad variable at once.
 */
export function resolveLlmConfig(env: LlmEnv): { llm: LlmConfig; agent: AgentConfig; problems: string[] } {
  const provider = chooseProvider(env);
  const problems: string[] = [];
  const providerKey =
    provider === 'openai' ? env.OPENAI_API_KEY : provider === 'anthropic' ? env.ANTHROPIC_API_KEY : undefined;
  const apiKey = provider === 'offline' ? null : (env.LLM_API_KEY ?? providerKey ?? null);
  if ((provider === 'openai' || provider === 'anthropic') && apiKey === null) {
    const named = provider === 'openai' ? 'OPENAI_API_KEY' : 'ANTHROPIC_API_KEY';
    problems.push(`LLM_API_KEY (or ${named}) is required when LLM_PROVIDER is ${provider}`);
  }
  if (provider === 'openai-compatible' && env.LLM_BASE_URL === undefined) {
    problems.push(
      'LLM_BASE_URL is required when LLM_PROVIDER is openai-compatible (e.g. http://localhost:11434/v1)',
    );
  }
  if (provider === 'openai-compatible' && env.LLM_MODEL === undefined) {
    problems.push(
      'LLM_MODEL is required when LLM_PROVIDER is openai-compatible (the name the server knows the model by)',
    );
  }
  const model =
    provider === 'openai-compatible' ? (env.LLM_MODEL ?? '') : (env.LLM_MODEL ?? defaultModels[provider]);
  return {
    llm: {
      provider,
      model: provider === 'offline' ? defaultModels.offline : model,
      apiKey,
      baseUrl: provider === 'offline' ? null : (env.LLM_BASE_URL ?? null),
      timeoutMs: env.LLM_TIMEOUT_MS,
      maxRetries: env.LLM_MAX_RETRIES,
      contextTokens: env.LLM_CONTEXT_TOKENS,
    },
    agent: { maxSteps: env.AGENT_MAX_STEPS },
    problems,
  };
}
